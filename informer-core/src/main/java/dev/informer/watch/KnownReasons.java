package dev.informer.watch;

import java.util.Set;

/** The reasons {@code metav1.StatusReason} defines; see {@link ApiError#isKnownReason}. */
final class KnownReasons {

    static final Set<String> ALL = Set.of(
            "Unauthorized",
            "Forbidden",
            "NotFound",
            "AlreadyExists",
            "Conflict",
            "Gone",
            "Invalid",
            "ServerTimeout",
            "StoreReadError",
            "Timeout",
            "TooManyRequests",
            "BadRequest",
            "MethodNotAllowed",
            "NotAcceptable",
            "RequestEntityTooLarge",
            "UnsupportedMediaType",
            "InternalError",
            "Expired",
            "ServiceUnavailable");

    private KnownReasons() {}
}
