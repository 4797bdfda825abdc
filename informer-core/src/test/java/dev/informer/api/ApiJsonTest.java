package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApiJsonTest {

    private static final String POD_LIST =
            """
            {"kind":"PodList","apiVersion":"v1",
             "metadata":{"resourceVersion":"500","continue":"eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ","remainingItemCount":7},
             "items":[{"metadata":{"name":"a","namespace":"ns","resourceVersion":"1"}},
                      {"metadata":{"name":"b","namespace":"ns","resourceVersion":"2"},"spec":{"nodeName":"n"}}]}
            """;

    /** Counts close() calls; fails reads when asked to. */
    private static final class TrackingStream extends InputStream {
        private final InputStream delegate;
        private final boolean fail;
        int closes;

        TrackingStream(String content, boolean fail) {
            this.delegate = new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8));
            this.fail = fail;
        }

        @Override
        public int read() throws IOException {
            if (fail) {
                throw new IOException("connection reset");
            }
            return delegate.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (fail) {
                throw new IOException("connection reset");
            }
            return delegate.read(b, off, len);
        }

        @Override
        public void close() {
            closes++;
        }
    }

    @Test
    void readListBindsItemsAndListMeta() throws IOException {
        TrackingStream in = new TrackingStream(POD_LIST, false);
        ObjectList<Pod> list = ApiJson.readList(in, ResourceType.PODS);

        assertEquals("PodList", list.kind());
        assertEquals("500", list.resourceVersion());
        assertEquals("eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ", list.continueToken());
        assertEquals(7L, list.metadata().remainingItemCount());
        assertEquals(List.of("a", "b"), list.items().stream().map(Pod::name).toList());
        assertEquals("n", list.items().get(1).spec().nodeName());
        assertSame(Pod.class, list.items().get(0).getClass());
        assertEquals(1, in.closes);
    }

    @Test
    void lastPageHasNoContinueToken() {
        ObjectList<Pod> list = ApiJson.readList(
                "{\"metadata\":{\"resourceVersion\":\"9\",\"continue\":\"\"},\"items\":[]}"
                        .getBytes(StandardCharsets.UTF_8),
                ResourceType.PODS);

        assertNull(list.continueToken());
        assertFalse(list.metadata().hasMore());
        assertTrue(list.items().isEmpty());
    }

    @Test
    void listWithoutItemsHasAnEmptyUnmodifiableList() {
        ObjectList<ConfigMap> list = ApiJson.readList("{}".getBytes(StandardCharsets.UTF_8), ResourceType.CONFIGMAPS);

        assertEquals(List.of(), list.items());
        assertNull(list.resourceVersion());
        assertThrows(UnsupportedOperationException.class, () -> list.items().add(null));
    }

    @Test
    void readListOfGenericObjects() {
        ResourceType<GenericObject> crontabs =
                ResourceType.generic("stable.example.com", "v1", "crontabs", "CronTab", true);
        String json = "{\"items\":[" + Fixtures.CRONTAB + "]}";

        ObjectList<GenericObject> list = ApiJson.readList(json.getBytes(StandardCharsets.UTF_8), crontabs);

        assertEquals("nightly", list.items().get(0).name());
    }

    @Test
    void objectListWritesBack() {
        ObjectList<Pod> list = ObjectList.of(
                "v1",
                "PodList",
                "3",
                List.of(Pod.builder()
                        .metadata(ObjectMeta.builder().name("a").build())
                        .build()));

        assertEquals(
                "{\"apiVersion\":\"v1\",\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"3\"},"
                        + "\"items\":[{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}]}",
                ApiJson.writeString(list));
    }

    @Test
    void readObjectFromStreamClosesIt() throws IOException {
        TrackingStream in = new TrackingStream(Fixtures.CONFIG_MAP, false);

        ConfigMap configMap = ApiJson.readObject(in, ResourceType.CONFIGMAPS);

        assertEquals("settings", configMap.name());
        assertEquals(1, in.closes);
    }

    @Test
    void streamFailureStaysAnIOException() {
        IOException e = assertThrows(
                IOException.class, () -> ApiJson.readObject(new TrackingStream(Fixtures.POD, true), ResourceType.PODS));
        assertEquals("connection reset", e.getMessage());
        assertThrows(IOException.class, () -> ApiJson.readList(new TrackingStream(POD_LIST, true), ResourceType.PODS));
    }

    @Test
    void malformedJsonNamesTheClassAndPosition() {
        ApiJsonException e = assertThrows(
                ApiJsonException.class, () -> ApiJson.readObject("{\"metadata\":{\"name\":}", ResourceType.PODS));
        assertTrue(e.getMessage().contains("dev.informer.api.Pod"), e.getMessage());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }

    @Test
    void mismatchedShapeNamesTheClassAndPath() {
        ApiJsonException e = assertThrows(
                ApiJsonException.class,
                () -> ApiJson.readObject("{\"spec\":{\"containers\":{\"name\":\"x\"}}}", ResourceType.PODS));
        assertTrue(e.getMessage().contains("dev.informer.api.Pod"), e.getMessage());
        assertTrue(e.getMessage().contains("containers"), e.getMessage());
    }

    @Test
    void mismatchedListItemNamesTheListKind() {
        ApiJsonException e = assertThrows(
                ApiJsonException.class,
                () -> ApiJson.readList("{\"items\":[1]}".getBytes(StandardCharsets.UTF_8), ResourceType.PODS));
        assertTrue(e.getMessage().contains("PodList"), e.getMessage());
    }

    @Test
    void nullDocumentIsAReadFailureNamingTheClassNotANullObject() {
        ApiJsonException object =
                assertThrows(ApiJsonException.class, () -> ApiJson.readObject("null", ResourceType.PODS));
        assertTrue(object.getMessage().contains("dev.informer.api.Pod"), object.getMessage());
        assertTrue(object.getMessage().contains("null"), object.getMessage());
        ApiJsonException list = assertThrows(
                ApiJsonException.class,
                () -> ApiJson.readList("null".getBytes(StandardCharsets.UTF_8), ResourceType.PODS));
        assertTrue(list.getMessage().contains("PodList"), list.getMessage());
        assertThrows(
                ApiJsonException.class,
                () -> ApiJson.readObject(
                        new ByteArrayInputStream("null".getBytes(StandardCharsets.UTF_8)), ResourceType.PODS));
        assertThrows(ApiJsonException.class, () -> GenericObject.parse("null"));
    }

    @Test
    void readsStatusOfAnErrorResponse() {
        Status status = ApiJson.readValue(
                """
                {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
                 "message":"pods \\"x\\" not found","reason":"NotFound",
                 "details":{"name":"x","kind":"pods"},"code":404}
                """,
                Status.class);

        assertEquals(404, status.code());
        assertEquals("NotFound", status.reason());
        assertEquals("x", status.details().name());
    }

    @Test
    void writeToStreamLeavesItOpen() throws IOException {
        boolean[] closed = {false};
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };

        ApiJson.write(out, ObjectMeta.builder().name("a").build());

        assertEquals("{\"name\":\"a\"}", out.toString(StandardCharsets.UTF_8));
        assertFalse(closed[0]);
        assertEquals(
                "{\"name\":\"a\"}",
                new String(ApiJson.write(ObjectMeta.builder().name("a").build()), StandardCharsets.UTF_8));
    }

    /** A bean whose getter fails: Jackson cannot write it. */
    public static final class Unwritable {
        public String getValue() {
            throw new IllegalStateException("no value");
        }
    }

    @Test
    void writeFailureNamesTheClass() {
        ApiJsonException e = assertThrows(ApiJsonException.class, () -> ApiJson.writeString(new Unwritable()));
        assertTrue(e.getMessage().contains(Unwritable.class.getName()), e.getMessage());
    }

    @Test
    void unknownFieldsDoNotFailReadsOfClassesThatCannotKeepThem() {
        Status status = ApiJson.readValue("{\"code\":410,\"surprise\":true}", Status.class);

        assertTrue(status.isResourceExpired());
    }
}
