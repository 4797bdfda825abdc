package dev.informer.micrometer;

/**
 * The Micrometer meter names and tag keys of this module, in one place. Micrometer names are dotted;
 * its Prometheus naming convention turns dots into underscores, appends {@code _total} to counters
 * and {@code _seconds} to timers and to gauges whose base unit is seconds. The scraped Prometheus name
 * is given with each constant: they are client-go's and controller-runtime's, so their dashboards work
 * unchanged.
 */
public final class MetricNames {

    private MetricNames() {}

    /** Tag: the work queue's, informer's, reflector's or elector's name. */
    public static final String TAG_NAME = "name";
    /** Tag: an informer's resource, e.g. {@code v1/pods}. */
    public static final String TAG_RESOURCE = "resource";
    /** Tag: a handler's name ({@code HandlerOptions}), empty when it has none. */
    public static final String TAG_HANDLER = "handler";
    /** Tag: a handler registration's number within its informer. */
    public static final String TAG_LISTENER = "listener";
    /** Tag: a controller's name. */
    public static final String TAG_CONTROLLER = "controller";
    /** Tag: a reconcile's result: {@code success}, {@code error}, {@code requeue}, {@code requeue_after}. */
    public static final String TAG_RESULT = "result";

    /** Seconds, the base unit that makes Prometheus append {@code _seconds} to a gauge. */
    static final String SECONDS = "seconds";

    // client-go workqueue (component-base's workqueue metrics), tag name

    /** Gauge {@code workqueue_depth}: items waiting in the queue. */
    public static final String WORKQUEUE_DEPTH = "workqueue.depth";
    /** Counter {@code workqueue_adds_total}: adds that were not deduplicated. */
    public static final String WORKQUEUE_ADDS = "workqueue.adds";
    /** Histogram {@code workqueue_queue_duration_seconds}: time from add to get. */
    public static final String WORKQUEUE_QUEUE_DURATION = "workqueue.queue.duration";
    /** Histogram {@code workqueue_work_duration_seconds}: time from get to done. */
    public static final String WORKQUEUE_WORK_DURATION = "workqueue.work.duration";
    /** Gauge {@code workqueue_unfinished_work_seconds}: summed age of the items being processed. */
    public static final String WORKQUEUE_UNFINISHED_WORK = "workqueue.unfinished.work";
    /** Gauge {@code workqueue_longest_running_processor_seconds}: age of the oldest item being processed. */
    public static final String WORKQUEUE_LONGEST_RUNNING_PROCESSOR = "workqueue.longest.running.processor";
    /** Counter {@code workqueue_retries_total}: rate-limited and delayed adds. */
    public static final String WORKQUEUE_RETRIES = "workqueue.retries";

    // client-go leaderelection, tag name

    /** Gauge {@code leader_election_master_status}: 1 while this process leads, else 0. */
    public static final String LEADER_ELECTION_MASTER_STATUS = "leader.election.master.status";

    // client-go 1.36 informer metrics, tags name and resource

    /** Gauge {@code informer_queued_items}: objects waiting in the informer's queue. */
    public static final String INFORMER_QUEUED_ITEMS = "informer.queued.items";
    /** Timer {@code informer_processing_latency_seconds}: time to process one popped object. */
    public static final String INFORMER_PROCESSING_LATENCY = "informer.processing.latency";
    /** Gauge {@code informer_store_resource_version}: resource version of the last applied object. */
    public static final String INFORMER_STORE_RESOURCE_VERSION = "informer.store.resource.version";
    /**
     * Gauge {@code informer_listener_pending_notifications}: notifications buffered for one handler
     * (tags name, resource, handler, listener).
     */
    public static final String INFORMER_LISTENER_PENDING = "informer.listener.pending.notifications";

    // client-go reflector metrics, tag name

    /** Counter {@code reflector_lists_total}. */
    public static final String REFLECTOR_LISTS = "reflector.lists";
    /** Timer {@code reflector_list_duration_seconds}. */
    public static final String REFLECTOR_LIST_DURATION = "reflector.list.duration";
    /** Summary {@code reflector_items_per_list}. */
    public static final String REFLECTOR_ITEMS_PER_LIST = "reflector.items.per.list";
    /** Counter {@code reflector_watches_total}. */
    public static final String REFLECTOR_WATCHES = "reflector.watches";
    /** Counter {@code reflector_short_watches_total}. */
    public static final String REFLECTOR_SHORT_WATCHES = "reflector.short.watches";
    /** Timer {@code reflector_watch_duration_seconds}. */
    public static final String REFLECTOR_WATCH_DURATION = "reflector.watch.duration";
    /** Summary {@code reflector_items_per_watch}. */
    public static final String REFLECTOR_ITEMS_PER_WATCH = "reflector.items.per.watch";
    /** Gauge {@code reflector_last_resource_version}. */
    public static final String REFLECTOR_LAST_RESOURCE_VERSION = "reflector.last.resource.version";

    // controller-runtime, tag controller (and result)

    /** Counter {@code controller_runtime_reconcile_total{controller,result}}. */
    public static final String RECONCILE_TOTAL = "controller.runtime.reconcile";
    /** Counter {@code controller_runtime_reconcile_errors_total{controller}}. */
    public static final String RECONCILE_ERRORS = "controller.runtime.reconcile.errors";
    /** Timer {@code controller_runtime_reconcile_time_seconds{controller}}. */
    public static final String RECONCILE_TIME = "controller.runtime.reconcile.time";
    /** Gauge {@code controller_runtime_active_workers{controller}}. */
    public static final String ACTIVE_WORKERS = "controller.runtime.active.workers";
    /** Gauge {@code controller_runtime_max_concurrent_reconciles{controller}}. */
    public static final String MAX_CONCURRENT_RECONCILES = "controller.runtime.max.concurrent.reconciles";
}
