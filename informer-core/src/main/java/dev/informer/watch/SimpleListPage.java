package dev.informer.watch;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** The {@link ListPage} of {@link ListPage#of}. Immutable. */
record SimpleListPage<T>(List<T> items, @Nullable String resourceVersion, @Nullable String continueToken)
        implements ListPage<T> {}
