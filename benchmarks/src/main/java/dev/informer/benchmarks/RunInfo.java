package dev.informer.benchmarks;

/**
 * What the header of a results file says about the run. Immutable.
 *
 * @param date     the run's date, {@code yyyy-MM-dd}
 * @param machine  the machine's name
 * @param mode     {@code quick} or {@code full}
 * @param settings how this mode differs from the benchmarks' own settings (forks, iterations, sizes)
 * @param cpu      the CPU model, or "unknown"
 * @param cores    available processors
 * @param memory   physical memory in bytes, or -1 when unknown
 * @param note     free text, e.g. that the machine is shared
 */
record RunInfo(
        String date, String machine, String mode, String settings, String cpu, int cores, long memory, String note) {}
