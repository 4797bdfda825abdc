package dev.informer.cache;

import dev.informer.codegen.GenerateBuilder;
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
    public static final HandlerOptions DEFAULTS = new HandlerOptions(new HandlerSettings(null, null, null));

    private final @Nullable Duration resyncPeriod;
    private final @Nullable String name;
    private final @Nullable Logger logger;

    private HandlerOptions(HandlerSettings settings) {
        this.resyncPeriod = settings.resyncPeriod();
        this.name = settings.name();
        this.logger = settings.logger();
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
        return new Builder().from(new HandlerSettings(resyncPeriod, name, logger));
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

    /**
     * The values of {@link HandlerOptions}, each absent ({@code null}) until set; the setters of
     * {@link Builder} refuse {@code null}.
     *
     * @param resyncPeriod the handler's resync period; zero: none
     * @param name the handler's name for logs and metrics
     * @param logger the logger the listener uses for this handler
     */
    @GenerateBuilder(builder = "HandlerOptions.Builder", checked = true)
    record HandlerSettings(@Nullable Duration resyncPeriod, @Nullable String name, @Nullable Logger logger) {

        HandlerSettings {
            if (resyncPeriod != null) {
                checkResyncPeriod(resyncPeriod);
            }
            if (name != null) {
                checkName(name);
            }
        }

        /**
         * Checks a resync period.
         *
         * @throws IllegalArgumentException if negative
         */
        static Duration checkResyncPeriod(@Nullable Duration resyncPeriod) {
            Objects.requireNonNull(resyncPeriod, "resyncPeriod");
            if (resyncPeriod.isNegative()) {
                throw new IllegalArgumentException("resyncPeriod must not be negative: " + resyncPeriod);
            }
            return resyncPeriod;
        }

        /**
         * Checks a handler name.
         *
         * @throws IllegalArgumentException if blank
         */
        static String checkName(@Nullable String name) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a handler name must not be blank");
            }
            return name;
        }

        /** Refuses {@code null}: a logger is set or absent, never set to nothing. */
        static Logger checkLogger(@Nullable Logger logger) {
            return Objects.requireNonNull(logger, "logger");
        }
    }

    /**
     * Builds {@link HandlerOptions}. Not thread-safe; each {@link #build()} gives a new value. Each
     * setter refuses {@code null} ({@link NullPointerException} naming the option).
     */
    public static final class Builder extends HandlerSettingsBuilderBase {

        private Builder() {}

        /** The logger named {@code loggerName} ({@link LoggerFactory#getLogger(String)}). */
        public Builder logger(String loggerName) {
            return logger(LoggerFactory.getLogger(Objects.requireNonNull(loggerName, "loggerName")));
        }

        /** The options. */
        public HandlerOptions build() {
            return new HandlerOptions(settings());
        }
    }
}
