package dev.informer.testing;

import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Runs an {@link EmbeddedApiServer} until interrupted (Ctrl-C):
 * {@code java -cp ... dev.informer.testing.EmbeddedApiServerMain [--port N] [--kubeconfig PATH]
 * [--history-limit N] [--bookmark-seconds N]}. Prints the URL and the kubeconfig path, then
 * {@code export KUBECONFIG=...} so kubectl can be pointed at it. Exit code 2 on bad arguments.
 */
public final class EmbeddedApiServerMain {
  private EmbeddedApiServerMain() {}

  /** Entry point; see the class comment for the options. */
  public static void main(String[] args) throws InterruptedException {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.println(usage());
      System.exit(2);
      return;
    }
    if (o.help) {
      System.out.println(usage());
      return;
    }
    EmbeddedApiServer server = EmbeddedApiServer.builder()
        .port(o.port)
        .historyLimit(o.historyLimit)
        .bookmarkInterval(Duration.ofSeconds(o.bookmarkSeconds))
        .start();
    Path kubeconfig = server.kubeconfig(o.kubeconfig != null ? o.kubeconfig
        : Paths.get(System.getProperty("java.io.tmpdir"),
            "embedded-apiserver-" + server.port() + ".kubeconfig"));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }, "embedded-apiserver-shutdown"));
    PrintStream out = System.out;
    out.println("Embedded Kubernetes API server listening on " + server.url());
    out.println("kubeconfig: " + kubeconfig.toAbsolutePath());
    out.println("export KUBECONFIG=" + kubeconfig.toAbsolutePath());
    out.println("Press Ctrl-C to stop.");
    out.flush();
    stopped.await();
  }

  static String usage() {
    return "usage: EmbeddedApiServerMain [--port N] [--kubeconfig PATH] [--history-limit N]"
        + " [--bookmark-seconds N]\n"
        + "  --port N             port on 127.0.0.1 (default 0: ephemeral)\n"
        + "  --kubeconfig PATH    where to write the kubeconfig (default: a file in the temp dir)\n"
        + "  --history-limit N    events kept per resource (default 10000)\n"
        + "  --bookmark-seconds N watch bookmark period (default 60)";
  }

  /** Parsed command line. */
  static final class Options {
    int port;
    Path kubeconfig;
    int historyLimit = 10_000;
    long bookmarkSeconds = 60;
    boolean help;

    static Options parse(String[] args) {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--help", "-h" -> o.help = true;
          case "--port" -> o.port = intArg(args, ++i, a, 0, 65535);
          case "--kubeconfig" -> o.kubeconfig = Paths.get(value(args, ++i, a));
          case "--history-limit" -> o.historyLimit = intArg(args, ++i, a, 1, 10_000_000);
          case "--bookmark-seconds" -> o.bookmarkSeconds = intArg(args, ++i, a, 1, 86_400);
          default -> throw new IllegalArgumentException("unknown option " + a);
        }
      }
      return o;
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[i];
    }

    private static int intArg(String[] args, int i, String option, int min, int max) {
      String v = value(args, i, option);
      int n;
      try {
        n = Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(option + " needs an integer, got '" + v + "'");
      }
      if (n < min || n > max) {
        throw new IllegalArgumentException(option + " must be in " + min + ".." + max + ", got "
            + n);
      }
      return n;
    }
  }
}
