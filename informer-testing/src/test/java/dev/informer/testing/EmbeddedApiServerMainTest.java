package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class EmbeddedApiServerMainTest {
  @Test
  void parsesEveryOption() {
    EmbeddedApiServerMain.Options o = EmbeddedApiServerMain.Options.parse(new String[] {
        "--port", "6443", "--kubeconfig", "/tmp/kc", "--history-limit", "50",
        "--bookmark-seconds", "5"});
    assertEquals(6443, o.port);
    assertEquals(Path.of("/tmp/kc"), o.kubeconfig);
    assertEquals(50, o.historyLimit);
    assertEquals(5, o.bookmarkSeconds);
    assertTrue(EmbeddedApiServerMain.Options.parse(new String[] {"--help"}).help);
  }

  @Test
  void defaultsToAnEphemeralPort() {
    EmbeddedApiServerMain.Options o = EmbeddedApiServerMain.Options.parse(new String[0]);
    assertEquals(0, o.port);
    assertEquals(null, o.kubeconfig);
  }

  @Test
  void badArgumentsNameTheOption() {
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> EmbeddedApiServerMain.Options.parse(new String[] {"--port"})).getMessage()
        .contains("--port needs a value"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> EmbeddedApiServerMain.Options.parse(new String[] {"--port", "x"})).getMessage()
        .contains("integer"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> EmbeddedApiServerMain.Options.parse(new String[] {"--port", "99999"})).getMessage()
        .contains("0..65535"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> EmbeddedApiServerMain.Options.parse(new String[] {"--frobnicate"})).getMessage()
        .contains("unknown option"));
    assertTrue(EmbeddedApiServerMain.usage().contains("--kubeconfig"));
  }
}
