package dev.informer.podconfig;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The settings of a {@link PodConfig}, one per setter of {@link PodConfig.Builder} (which extends their
 * generated base). Immutable; the canonical constructor refuses what the setters refuse.
 *
 * @param clock the clock that stamps the first-seen annotation; default the system clock
 * @param threadFactory where the channel threads come from; default platform daemon threads named
 *     {@code pod-config-N}
 * @param mode how merged changes are reported; default {@link NotificationMode#INCREMENTAL}
 * @param updatesCapacity how many merged updates the consumer queue holds before merges wait; default 50
 * @param channelCapacity how many updates each source channel holds before {@code send} blocks; default 1
 */
@GenerateBuilder(builder = "PodConfig.Builder", checked = true)
record PodConfigSettings(
        Clock clock, ThreadFactory threadFactory, NotificationMode mode, int updatesCapacity, int channelCapacity) {

    PodConfigSettings {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
        Objects.requireNonNull(mode, "mode");
        checkUpdatesCapacity(updatesCapacity);
        checkChannelCapacity(channelCapacity);
    }

    /**
     * Checks the consumer queue's capacity.
     *
     * @throws IllegalArgumentException if below 1
     */
    static int checkUpdatesCapacity(int capacity) {
        return atLeastOne(capacity, "updatesCapacity");
    }

    /**
     * Checks a source channel's capacity.
     *
     * @throws IllegalArgumentException if below 1
     */
    static int checkChannelCapacity(int capacity) {
        return atLeastOne(capacity, "channelCapacity");
    }

    private static int atLeastOne(int capacity, String name) {
        if (capacity < 1) {
            throw new IllegalArgumentException(name + " must be at least 1: " + capacity);
        }
        return capacity;
    }
}
