package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.informer.store.DeletedFinalStateUnknown;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /** The filter's answers on the old and the new state decide what an update becomes ('' for nothing). */
    @ParameterizedTest(name = "update {0}")
    @CsvSource({
        "within the filter stays an update,                    keep-1, keep-2, update:keep-1->keep-2",
        "into the filter becomes an add,                       drop-1, keep-2, add:keep-2:false",
        "out of the filter becomes a delete of the old state,  keep-1, drop-2, delete:keep-1",
        "outside the filter is dropped,                        drop-1, drop-2, ''",
    })
    void updatesAreFilteredOnBothStates(String transition, String oldObj, String newObj, String expected) {
        filtering.onUpdate(oldObj, newObj);
        assertEquals(expected.isEmpty() ? List.of() : List.of(expected), events, transition);
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
