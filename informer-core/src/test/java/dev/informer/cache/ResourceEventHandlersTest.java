package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceEventHandlersTest {

    private final List<String> events = new ArrayList<>();

    @Test
    void funcsCallTheGivenLambdasAndIgnoreMissingOnes() {
        ResourceEventHandler<String> handler =
                ResourceEventHandlers.funcs(obj -> events.add("add:" + obj), null, obj -> events.add("delete:" + obj));
        handler.onAdd("a", true);
        handler.onUpdate("a", "b");
        handler.onDelete("b");
        assertEquals(List.of("add:a", "delete:b"), events);
    }

    @Test
    void builderPassesTheInitialListFlagWhenAsked() {
        ResourceEventHandler<String> handler = ResourceEventHandlers.<String>builder()
                .onAdd((obj, initial) -> events.add("add:" + obj + ":" + initial))
                .onUpdate((oldObj, newObj) -> events.add("update:" + oldObj + "->" + newObj))
                .build();
        handler.onAdd("a", true);
        handler.onAdd("b", false);
        handler.onUpdate("a", "a2");
        handler.onDelete("a2"); // no delete lambda: ignored
        assertEquals(List.of("add:a:true", "add:b:false", "update:a->a2"), events);
    }

    @Test
    void builderKeepsTheLastLambdaOfAKind() {
        ResourceEventHandler<String> handler = ResourceEventHandlers.<String>builder()
                .onAdd(obj -> events.add("first"))
                .onAdd(obj -> events.add("second"))
                .build();
        handler.onAdd("a", false);
        assertEquals(List.of("second"), events);
    }

    @Test
    void defaultHandlerMethodsDoNothing() {
        ResourceEventHandler<String> nothing = new ResourceEventHandler<>() {};
        nothing.onAdd("a", true);
        nothing.onUpdate("a", "b");
        nothing.onDelete("b");
        assertEquals(List.of(), events);
    }

    @Test
    void builderRejectsNullLambdas() {
        ResourceEventHandlers.Builder<String> builder = ResourceEventHandlers.builder();
        assertThrows(NullPointerException.class, () -> builder.onUpdate(null));
        assertThrows(NullPointerException.class, () -> builder.onDelete(null));
    }
}
