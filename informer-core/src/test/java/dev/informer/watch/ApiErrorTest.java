package dev.informer.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApiErrorTest {

    @Test
    void engineErrorCarriesCodeReasonAndMessageAndNoRetryHint() {
        ApiError error = ApiError.of(500, "InternalError", "unable to decode");

        assertEquals(500, error.code());
        assertEquals("InternalError", error.reason());
        assertEquals("unable to decode", error.message());
        assertNull(error.retryAfterSeconds());
        assertFalse(error.isResourceExpired());
    }

    @Test
    void expiredByCodeOrByReason() {
        assertTrue(ApiError.of(410, null, "too old").isResourceExpired());
        assertTrue(ApiError.of(0, "Expired", "too old").isResourceExpired());
        assertTrue(ApiError.of(0, "Gone", "too old").isResourceExpired());
    }

    @Test
    void negativeCodeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> ApiError.of(-1, "InternalError", "x"));
    }

    @Test
    void serverStatusIsAnApiErrorWithItsRetryHint() {
        Status status = new Status(
                "v1",
                "Status",
                "Failure",
                "etcd is busy",
                "InternalError",
                new Status.StatusDetails(null, null, null, null, List.of(), 7),
                500);

        ApiError error = status;

        assertEquals(7, error.retryAfterSeconds());
        assertNull(Status.failure(500, "InternalError", "x").retryAfterSeconds());
        assertTrue(Status.failure(410, "Expired", "too old").isResourceExpired());
    }
}
