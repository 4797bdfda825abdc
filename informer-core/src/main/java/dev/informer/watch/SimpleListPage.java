package dev.informer.watch;

import java.util.List;

/** The {@link ListPage} of {@link ListPage#of}. Immutable. */
record SimpleListPage<T>(List<T> items, String resourceVersion, String continueToken) implements ListPage<T> {}
