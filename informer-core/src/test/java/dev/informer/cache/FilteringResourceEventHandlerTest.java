package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.informer.store.DeletedFinalStateUnknown;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** client-go's FilteringResourceEventHandler transitions. */
class FilteringResourceEventHandlerTest {

    private final List<String> events = new ArrayList<>();
    private final ResourceEventHandler<String> recorder = ResourceEventHandlers.<String>builder()
            .onAdd((obj, initial) -> events.add("add:" + obj + ":" + initial))
            .onUpdate((oldObj, newObj) -> events.add("update:" + oldObj + "->" + newObj))
            .onDelete(obj -> events.add("delete:" + obj))
            .build();
    // Matches objects starting with "keep".
    private final ResourceEventHandler<String> filtering =
            ResourceEventHandlers.filtering(obj -> obj.startsWith("keep"), recorder);

    @Test
    void addsAreFiltered() {
        filtering.onAdd("keep-a", true);
        filtering.onAdd("drop-b", false);
        assertEquals(List.of("add:keep-a:true"), events);
    }

    @Test
    void updateWithinTheFilterStaysAnUpdate() {
        filtering.onUpdate("keep-1", "keep-2");
        assertEquals(List.of("update:keep-1->keep-2"), events);
    }

    @Test
    void updateIntoTheFilterBecomesAnAdd() {
        filtering.onUpdate("drop-1", "keep-2");
        assertEquals(List.of("add:keep-2:false"), events);
    }

    @Test
    void updateOutOfTheFilterBecomesADeleteOfTheOldState() {
        filtering.onUpdate("keep-1", "drop-2");
        assertEquals(List.of("delete:keep-1"), events);
    }

    @Test
    void updateOutsideTheFilterIsDropped() {
        filtering.onUpdate("drop-1", "drop-2");
        assertEquals(List.of(), events);
    }

    @Test
    void deletesAreFilteredOnTheObject() {
        filtering.onDelete("keep-a");
        filtering.onDelete("drop-b");
        assertEquals(List.of("delete:keep-a"), events);
    }

    @Test
    void tombstonesAreFilteredOnTheirLastKnownObjectAndPassedOnWhole() {
        DeletedFinalStateUnknown<String> kept = new DeletedFinalStateUnknown<>("ns/keep", "keep-a");
        DeletedFinalStateUnknown<String> dropped = new DeletedFinalStateUnknown<>("ns/drop", "drop-b");
        DeletedFinalStateUnknown<String> unknown = new DeletedFinalStateUnknown<>("ns/unknown", null);
        filtering.onDelete(kept);
        filtering.onDelete(dropped);
        filtering.onDelete(unknown);
        assertEquals(List.of("delete:" + kept, "delete:" + unknown), events);
    }

    @Test
    void nullArgumentsAreRejected() {
        assertThrows(NullPointerException.class, () -> new FilteringResourceEventHandler<String>(null, recorder));
        assertThrows(NullPointerException.class, () -> new FilteringResourceEventHandler<String>(obj -> true, null));
    }
}
