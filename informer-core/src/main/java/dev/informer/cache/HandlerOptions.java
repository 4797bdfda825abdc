package dev.informer.cache;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How one {@link ResourceEventHandler} is registered with a {@link SharedInformer} (client-go's
 * {@code HandlerOptions}): its resync period, a name and a logger. Pass it to {@link
 * SharedInformer#addEventHandler(ResourceEventHandler, HandlerOptions)}.
 *
 * <ul>
 *   <li><b>Resync period</b>: absent (default) means the informer's default resync period; zero means
 *       none; the informer applies its minimum and resync check period as for {@link
 *       SharedInformer#addEventHandler(ResourceEventHandler, Duration)}.</li>
 *   <li><b>Name</b>: identifies the handler in the listener's log lines (a handler that threw, a
 *       handler still running at stop), in {@link ListenerMetrics#handlerName()} and in the name of its
 *       {@link ResourceEventHandlerRegistration#hasSyncedChecker()}. Absent (default): the handler's
 *       own {@code toString()} is used in log lines and the registration's number elsewhere.</li>
 *   <li><b>Logger</b>: where the listener logs for this handler (client-go's per-handler
 *       {@code klog.Logger}); absent (default): {@code dev.informer.cache.internal.ProcessorListener}.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe; built with {@link #builder()}. {@link #DEFAULTS} has nothing set.
 */
public final class HandlerOptions {

    /** No resync period, name or logger of its own: what {@code addEventHandler(handler)} uses. */
    public static final HandlerOptions DEFAULTS = new HandlerOptions(null, null, null);

    private final @Nullable Duration resyncPeriod;
    private final @Nullable String name;
    private final @Nullable Logger logger;

    private HandlerOptions(@Nullable Duration resyncPeriod, @Nullable String name, @Nullable Logger logger) {
        this.resyncPeriod = resyncPeriod;
        this.name = name;
        this.logger = logger;
    }

    /** A builder with nothing set. */
    public static Builder builder() {
        return new Builder();
    }

    /** The resync period asked for, or empty for the informer's default. */
    public Optional<Duration> resyncPeriod() {
        return Optional.ofNullable(resyncPeriod);
    }

    /** The handler's name, or empty. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /** The handler's logger, or empty for the listener's own. */
    public Optional<Logger> logger() {
        return Optional.ofNullable(logger);
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.resyncPeriod = resyncPeriod;
        builder.name = name;
        builder.logger = logger;
        return builder;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HandlerOptions that
                && Objects.equals(resyncPeriod, that.resyncPeriod)
                && Objects.equals(name, that.name)
                && Objects.equals(logger, that.logger);
    }

    @Override
    public int hashCode() {
        return Objects.hash(resyncPeriod, name, logger);
    }

    @Override
    public String toString() {
        return "HandlerOptions[resyncPeriod=" + resyncPeriod + ", name=" + name + ", logger="
                + (logger == null ? null : logger.getName()) + "]";
    }

    /** Builds {@link HandlerOptions}. Not thread-safe; each {@link #build()} gives a new value. */
    public static final class Builder {
        private @Nullable Duration resyncPeriod;
        private @Nullable String name;
        private @Nullable Logger logger;

        private Builder() {}

        /**
         * The handler's resync period; zero: none.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder resyncPeriod(@Nullable Duration resyncPeriod) {
            Objects.requireNonNull(resyncPeriod, "resyncPeriod");
            if (resyncPeriod.isNegative()) {
                throw new IllegalArgumentException("resyncPeriod must not be negative: " + resyncPeriod);
            }
            this.resyncPeriod = resyncPeriod;
            return this;
        }

        /**
         * The handler's name for logs and metrics.
         *
         * @throws IllegalArgumentException if blank
         */
        public Builder name(@Nullable String name) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a handler name must not be blank");
            }
            this.name = name;
            return this;
        }

        /** The logger the listener uses for this handler. */
        public Builder logger(@Nullable Logger logger) {
            this.logger = Objects.requireNonNull(logger, "logger");
            return this;
        }

        /** The logger named {@code loggerName} ({@link LoggerFactory#getLogger(String)}). */
        public Builder logger(String loggerName) {
            return logger(LoggerFactory.getLogger(Objects.requireNonNull(loggerName, "loggerName")));
        }

        /** The options. */
        public HandlerOptions build() {
            return new HandlerOptions(resyncPeriod, name, logger);
        }
    }
}
