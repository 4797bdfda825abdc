package dev.informer.labels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Behaviour of {@link KubeNames}, with cases in the spirit of apimachinery's validation_test. */
class KubeNamesTest {

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "simple",
                "now-with-dashes",
                "1-starts-with-num",
                "1234",
                "simple/simple",
                "now-with-dashes/simple",
                "now-with-dashes/now-with-dashes",
                "now.with.dots/simple",
                "now-with.dashes-and.dots/simple",
                "1-num.2-num/3-num",
                "1234/5678",
                "1.2.3.4/5678",
                "Uppercase_Is_OK_123",
                "example.com/Uppercase_Is_OK_123",
                "requests.storage-foo",
                "a.b",
                "A"
            })
    void acceptsQualifiedNames(String name) {
        assertEquals(List.of(), KubeNames.qualifiedNameErrors(name));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "",
                "/",
                "nospecialchars%^=@",
                "cantendwithadash-",
                "-cantstartwithadash-",
                "only/one/slash",
                "Example.com/abc",
                "example_com/user",
                "example.com/",
                "/simple",
                "a.-b/c",
                "a./b",
                "a..b/c",
                "_a",
                "a_"
            })
    void rejectsMalformedQualifiedNames(String name) {
        assertFalse(KubeNames.qualifiedNameErrors(name).isEmpty(), name);
    }

    @Test
    void qualifiedNamePartsAreLimitedTo63AndPrefixesTo253Characters() {
        assertTrue(KubeNames.qualifiedNameErrors("a".repeat(63)).isEmpty());
        assertEquals(
                List.of("name part must be no more than 63 characters"), KubeNames.qualifiedNameErrors("a".repeat(64)));
        String longPrefix = ("a".repeat(63) + ".").repeat(3) + "a".repeat(61);
        assertEquals(253, longPrefix.length());
        assertTrue(KubeNames.qualifiedNameErrors(longPrefix + "/n").isEmpty());
        List<String> errors = KubeNames.qualifiedNameErrors("b" + longPrefix + "/n");
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("prefix part must be no more than 253"), errors.get(0));
        assertEquals(List.of("prefix part must be non-empty"), KubeNames.qualifiedNameErrors("/n"));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "",
                "simple",
                "now-with-dashes",
                "1-starts-with-num",
                "end-with-num-1",
                "1234",
                "UPPER",
                "a.b_c-d"
            })
    void acceptsLabelValues(String value) {
        assertEquals(List.of(), KubeNames.labelValueErrors(value));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "nospecialchars%^=@",
                "Tama-nui-te-rā.is.Māori.sun",
                "\\backslashes",
                "-starts-with-dash",
                "ends-with-dash-",
                ".starts.with.dot",
                "ends.with.dot.",
                "a b",
                "slash/not/ok"
            })
    void rejectsMalformedLabelValues(String value) {
        assertFalse(KubeNames.labelValueErrors(value).isEmpty(), value);
    }

    @Test
    void labelValuesAreLimitedTo63Characters() {
        assertTrue(KubeNames.labelValueErrors("v".repeat(63)).isEmpty());
        assertEquals(List.of("must be no more than 63 characters"), KubeNames.labelValueErrors("v".repeat(64)));
    }

    @Test
    void dnsSubdomainsAreLowercaseDotSeparatedLabels() {
        assertTrue(KubeNames.dnsSubdomainErrors("a").isEmpty());
        assertTrue(KubeNames.dnsSubdomainErrors("a-1.b-2.example.com").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors("").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors("A.com").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors(".a").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors("a.").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors("a..b").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors("a-.b").isEmpty());
        assertFalse(KubeNames.dnsSubdomainErrors("a_b").isEmpty());
    }
}
