package dev.informer.client;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A parsed kubeconfig: its clusters, users and contexts by name, and the current context, possibly
 * merged from several files exactly as kubectl merges the {@code KUBECONFIG} list (client-go's
 * {@code clientcmd} loading rules):
 * <ul>
 *   <li>the first file to define a cluster, user or context name wins, and the entry is taken whole
 *       (fields of later entries with the same name are never mixed in);</li>
 *   <li>the {@code current-context} comes from the first file that sets one;</li>
 *   <li>files in the {@code KUBECONFIG} list that do not exist are skipped; empty names are ignored;</li>
 *   <li>relative paths (certificate-authority, client-certificate, client-key, tokenFile, and an exec
 *       command containing a path separator) are resolved against the folder of the file that holds
 *       them, before merging.</li>
 * </ul>
 * {@code *-data} fields are base64 as in the file and are decoded here (to PEM text); referenced files
 * are NOT read here but when a {@link ClientConfig} is built from the entry, so an unreadable key file
 * is reported for the user that names it.
 *
 * <p>Errors are {@link ConfigException}s naming the file and the entry: YAML syntax (with line and
 * column), a field of the wrong type, base64 that does not decode, a duplicate name within one file, an
 * exec section without command or with an unknown apiVersion/interactiveMode.
 *
 * <p>Immutable and thread-safe.
 */
public final class KubeConfig {

    /** The environment variable holding the list of kubeconfig files. */
    public static final String KUBECONFIG = "KUBECONFIG";

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    /**
     * A {@code clusters[]} entry.
     *
     * @param name                     the entry's name
     * @param server                   the API server URL
     * @param certificateAuthority     absolute path of the CA bundle file, or {@code null}
     * @param certificateAuthorityData the CA bundle as PEM text (decoded from base64), or {@code null}
     * @param insecureSkipTlsVerify    whether the server certificate is not verified
     * @param tlsServerName            the name to send as SNI and to verify the certificate against
     * @param proxyUrl                 the proxy to reach the server through ({@code http}, {@code https},
     *                                 {@code socks5}), or {@code null}
     * @param disableCompression       whether responses are requested uncompressed
     * @param origin                   the file that defined the entry
     */
    public record Cluster(
            String name,
            @Nullable String server,
            @Nullable Path certificateAuthority,
            @Nullable String certificateAuthorityData,
            boolean insecureSkipTlsVerify,
            @Nullable String tlsServerName,
            @Nullable String proxyUrl,
            boolean disableCompression,
            Path origin) {}

    /**
     * A {@code users[]} entry (client-go's {@code AuthInfo}).
     *
     * @param name                  the entry's name
     * @param token                 a bearer token, or {@code null}
     * @param tokenFile             absolute path of a file holding the bearer token (re-read periodically;
     *                              takes precedence over {@code token}), or {@code null}
     * @param clientCertificate     absolute path of the client certificate (PEM), or {@code null}
     * @param clientCertificateData the client certificate PEM text, or {@code null}
     * @param clientKey             absolute path of the client key (PEM), or {@code null}
     * @param clientKeyData         the client key PEM text, or {@code null}
     * @param username              basic-auth user, or {@code null}
     * @param password              basic-auth password, or {@code null}
     * @param exec                  an exec credential plugin, or {@code null}
     * @param authProvider          the name of a legacy {@code auth-provider} (unsupported), or {@code null}
     * @param origin                the file that defined the entry
     */
    public record User(
            String name,
            @Nullable String token,
            @Nullable Path tokenFile,
            @Nullable Path clientCertificate,
            @Nullable String clientCertificateData,
            @Nullable Path clientKey,
            @Nullable String clientKeyData,
            @Nullable String username,
            @Nullable String password,
            @Nullable ExecConfig exec,
            @Nullable String authProvider,
            Path origin) {

        @Override
        public String toString() {
            // Never print credentials.
            return "User[name=" + name + ", token=" + (token == null ? "none" : "<redacted>")
                    + ", tokenFile=" + tokenFile + ", clientCertificate=" + clientCertificate
                    + ", clientKey=" + clientKey + ", clientKeyData=" + (clientKeyData == null ? "none" : "<redacted>")
                    + ", username=" + username + ", password=" + (password == null ? "none" : "<redacted>")
                    + ", exec=" + exec + ", origin=" + origin + "]";
        }
    }

    /**
     * A {@code contexts[]} entry.
     *
     * @param name      the entry's name
     * @param cluster   the cluster entry's name
     * @param user      the user entry's name
     * @param namespace the default namespace, or {@code null}
     * @param origin    the file that defined the entry
     */
    public record Context(
            String name, @Nullable String cluster, @Nullable String user, @Nullable String namespace, Path origin) {}

    private final @Nullable String currentContext;
    private final @Nullable Path currentContextOrigin;
    private final Map<String, Cluster> clusters;
    private final Map<String, User> users;
    private final Map<String, Context> contexts;
    private final List<Path> files;

    private KubeConfig(
            @Nullable String currentContext,
            @Nullable Path currentContextOrigin,
            Map<String, Cluster> clusters,
            Map<String, User> users,
            Map<String, Context> contexts,
            List<Path> files) {
        this.currentContext = currentContext;
        this.currentContextOrigin = currentContextOrigin;
        this.clusters = Collections.unmodifiableMap(new LinkedHashMap<>(clusters));
        this.users = Collections.unmodifiableMap(new LinkedHashMap<>(users));
        this.contexts = Collections.unmodifiableMap(new LinkedHashMap<>(contexts));
        this.files = List.copyOf(files);
    }

    /**
     * Parses one kubeconfig file.
     *
     * @throws ConfigException in one line naming the file: it does not exist, is a directory, is not
     *                         readable, is not UTF-8 text, is not valid YAML (with line and column), or
     *                         is not a valid kubeconfig (naming the entry and field)
     */
    public static KubeConfig parse(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return parse(ConfigFiles.read(absolute, "kubeconfig"), absolute);
    }

    /**
     * Parses kubeconfig text as if it were the content of {@code origin}: relative paths resolve against
     * {@code origin}'s folder and errors name {@code origin}.
     *
     * @throws ConfigException if the text is not a valid kubeconfig
     */
    public static KubeConfig parse(String yaml, Path origin) {
        Path file = origin.toAbsolutePath().normalize();
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JacksonException e) {
            throw new ConfigException(
                    "kubeconfig " + file + " is not valid YAML" + yamlPosition(e) + ": "
                            + yamlProblem(e.getOriginalMessage()),
                    e);
        }
        return new FileParser(file).parse(root);
    }

    private static final java.util.regex.Pattern YAML_MARK =
            java.util.regex.Pattern.compile("^in \\S+, line (\\d+), column (\\d+):?$");

    /**
     * Where a YAML syntax error is: the parser's problem mark (the last "line L, column C" of its message),
     * else Jackson's location; "" when neither is known.
     */
    private static String yamlPosition(JacksonException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String where = "";
        for (String line : message.lines().map(String::strip).toList()) {
            java.util.regex.Matcher mark = YAML_MARK.matcher(line);
            if (mark.matches()) {
                where = " at line " + mark.group(1) + ", column " + mark.group(2);
            }
        }
        if (!where.isEmpty()) {
            return where;
        }
        TokenStreamLocation at = e.getLocation();
        return at == null || TokenStreamLocation.NA.equals(at)
                ? ""
                : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /**
     * The YAML parser's explanation on one line: its context and problem, without the position lines and
     * the quoted input under them (the position is given separately).
     */
    private static String yamlProblem(String message) {
        if (message == null || message.isBlank()) {
            return "syntax error";
        }
        List<String> kept = new ArrayList<>();
        List<String> lines = message.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (YAML_MARK.matcher(line).matches()) {
                // A mark quotes the input line and points into it with a caret line: skip both.
                if (i + 2 < lines.size() && lines.get(i + 2).strip().equals("^")) {
                    i += 2;
                }
                continue;
            }
            if (!line.isEmpty() && !line.equals("^")) {
                kept.add(line);
            }
        }
        String problem = String.join(" ", kept).replaceAll("\\s+", " ").strip();
        if (problem.isEmpty()) {
            return "syntax error";
        }
        return problem.length() <= 200 ? problem : problem.substring(0, 200) + "...";
    }

    /**
     * Merges kubeconfigs in order of precedence, as kubectl merges the {@code KUBECONFIG} list: the
     * first to define a name wins, the first current-context wins.
     */
    public static KubeConfig merge(List<KubeConfig> configs) {
        String current = null;
        Path currentOrigin = null;
        Map<String, Cluster> clusters = new LinkedHashMap<>();
        Map<String, User> users = new LinkedHashMap<>();
        Map<String, Context> contexts = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        for (KubeConfig config : configs) {
            if (current == null && config.currentContext != null) {
                current = config.currentContext;
                currentOrigin = config.currentContextOrigin;
            }
            config.clusters.forEach(clusters::putIfAbsent);
            config.users.forEach(users::putIfAbsent);
            config.contexts.forEach(contexts::putIfAbsent);
            files.addAll(config.files);
        }
        return new KubeConfig(current, currentOrigin, clusters, users, contexts, files);
    }

    /**
     * Loads the kubeconfig kubectl would use in {@code environment}: the files listed in
     * {@code KUBECONFIG} (separated by {@link File#pathSeparator}; missing ones skipped) merged, else
     * {@code ~/.kube/config}. Empty when no file exists.
     *
     * @throws ConfigException if an existing path is invalid: a directory, unreadable, not a kubeconfig
     */
    public static Optional<KubeConfig> load(ConfigEnvironment environment) {
        List<Path> candidates = defaultFiles(environment);
        List<KubeConfig> parsed = new ArrayList<>();
        for (Path candidate : candidates) {
            // As kubectl: only a path that does not exist is skipped; a directory is an error.
            if (Files.exists(candidate)) {
                parsed.add(parse(candidate));
            }
        }
        return parsed.isEmpty() ? Optional.empty() : Optional.of(merge(parsed));
    }

    /** The files kubectl would consult in {@code environment}, in order of precedence (existing or not). */
    public static List<Path> defaultFiles(ConfigEnvironment environment) {
        String list = environment.variable(KUBECONFIG);
        List<Path> files = new ArrayList<>();
        if (list != null) {
            for (String name : list.split(java.util.regex.Pattern.quote(File.pathSeparator), -1)) {
                if (!name.isBlank()) {
                    Path path = Path.of(name.strip()).toAbsolutePath().normalize();
                    if (!files.contains(path)) {
                        files.add(path);
                    }
                }
            }
            return files;
        }
        files.add(environment
                .homeDirectory()
                .resolve(".kube")
                .resolve("config")
                .toAbsolutePath()
                .normalize());
        return files;
    }

    /** The current context's name, or {@code null} when no file sets one. */
    public @Nullable String currentContext() {
        return currentContext;
    }

    /** The file that set the current context, or {@code null}. */
    public @Nullable Path currentContextOrigin() {
        return currentContextOrigin;
    }

    /** Clusters by name, in file order. Unmodifiable. */
    public Map<String, Cluster> clusters() {
        return clusters;
    }

    /** Users by name, in file order. Unmodifiable. */
    public Map<String, User> users() {
        return users;
    }

    /** Contexts by name, in file order. Unmodifiable. */
    public Map<String, Context> contexts() {
        return contexts;
    }

    /** The files this configuration was read from, in order of precedence. */
    public List<Path> files() {
        return files;
    }

    /** Whether nothing at all is defined (no context, cluster or user). */
    public boolean isEmpty() {
        return contexts.isEmpty() && clusters.isEmpty() && users.isEmpty() && currentContext == null;
    }

    @Override
    public String toString() {
        return "KubeConfig[files=" + files + ", currentContext=" + currentContext + ", contexts=" + contexts.keySet()
                + ", clusters=" + clusters.keySet() + ", users=" + users.keySet() + "]";
    }

    /** Reads one file's tree; every error names the file and the entry. */
    private static final class FileParser {
        private final Path file;
        private final Path folder;

        FileParser(Path file) {
            this.file = file;
            // Relative paths in the file resolve against its folder; "config" alone has no parent.
            Path parent = file.toAbsolutePath().getParent();
            this.folder = parent != null ? parent : file.toAbsolutePath();
        }

        KubeConfig parse(JsonNode root) {
            if (root == null || root.isNull() || root.isMissingNode()) {
                return new KubeConfig(null, null, Map.of(), Map.of(), Map.of(), List.of(file));
            }
            if (!root.isObject()) {
                throw error("the document", "must be a mapping, not " + root.getNodeType());
            }
            String current = string(root, "current-context", "the document");
            Map<String, Cluster> clusters = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e :
                    namedEntries(root, "clusters", "cluster").entrySet()) {
                clusters.put(e.getKey(), cluster(e.getKey(), e.getValue()));
            }
            Map<String, User> users = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e :
                    namedEntries(root, "users", "user").entrySet()) {
                users.put(e.getKey(), user(e.getKey(), e.getValue()));
            }
            Map<String, Context> contexts = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e :
                    namedEntries(root, "contexts", "context").entrySet()) {
                contexts.put(e.getKey(), context(e.getKey(), e.getValue()));
            }
            return new KubeConfig(current, current == null ? null : file, clusters, users, contexts, List.of(file));
        }

        /** The {@code name -> body} pairs of a named list such as {@code clusters: [{name, cluster}]}. */
        private Map<String, JsonNode> namedEntries(JsonNode root, String listField, String bodyField) {
            JsonNode list = root.get(listField);
            Map<String, JsonNode> entries = new LinkedHashMap<>();
            if (list == null || list.isNull()) {
                return entries;
            }
            if (!list.isArray()) {
                throw error(listField, "must be a list, not " + list.getNodeType());
            }
            int index = 0;
            for (JsonNode item : list) {
                String where = listField + "[" + index + "]";
                if (!item.isObject()) {
                    throw error(where, "must be a mapping with name and " + bodyField);
                }
                String name = string(item, "name", where);
                if (name == null || name.isEmpty()) {
                    throw error(where, "has no name");
                }
                if (entries.containsKey(name)) {
                    throw error(bodyField + " \"" + name + "\"", "is defined twice in " + listField);
                }
                JsonNode body = item.get(bodyField);
                if (body != null && !body.isNull() && !body.isObject()) {
                    throw error(bodyField + " \"" + name + "\"", "field " + bodyField + " must be a mapping");
                }
                entries.put(name, body == null || body.isNull() ? YAML.createObjectNode() : body);
                index++;
            }
            return entries;
        }

        private Cluster cluster(String name, JsonNode body) {
            String where = "cluster \"" + name + "\"";
            String server = string(body, "server", where);
            return new Cluster(
                    name,
                    server,
                    path(body, "certificate-authority", where),
                    base64(body, "certificate-authority-data", where),
                    bool(body, "insecure-skip-tls-verify", where),
                    string(body, "tls-server-name", where),
                    string(body, "proxy-url", where),
                    bool(body, "disable-compression", where),
                    file);
        }

        private User user(String name, JsonNode body) {
            String where = "user \"" + name + "\"";
            JsonNode authProvider = body.get("auth-provider");
            String authProviderName = null;
            if (authProvider != null && !authProvider.isNull()) {
                authProviderName =
                        authProvider.isObject() ? string(authProvider, "name", where + " auth-provider") : "unnamed";
            }
            return new User(
                    name,
                    string(body, "token", where),
                    path(body, "tokenFile", where),
                    path(body, "client-certificate", where),
                    base64(body, "client-certificate-data", where),
                    path(body, "client-key", where),
                    base64(body, "client-key-data", where),
                    string(body, "username", where),
                    string(body, "password", where),
                    exec(body.get("exec"), where),
                    authProviderName,
                    file);
        }

        private @Nullable ExecConfig exec(@Nullable JsonNode exec, String user) {
            if (exec == null || exec.isNull()) {
                return null;
            }
            String where = user + " exec";
            if (!exec.isObject()) {
                throw error(where, "must be a mapping");
            }
            String command = string(exec, "command", where);
            if (command == null || command.isEmpty()) {
                throw error(where, "has no command");
            }
            if (command.indexOf('/') >= 0 || command.indexOf(File.separatorChar) >= 0) {
                // Only a command with a path separator is relative to the file; a bare name is looked up on PATH.
                command = folder.resolve(command).normalize().toString();
            }
            String apiVersion = string(exec, "apiVersion", where);
            if (apiVersion == null) {
                throw error(where, "has no apiVersion (use " + ExecConfig.V1 + ")");
            }
            List<String> args = new ArrayList<>();
            JsonNode argsNode = exec.get("args");
            if (argsNode != null && !argsNode.isNull()) {
                if (!argsNode.isArray()) {
                    throw error(where, "field args must be a list of strings");
                }
                for (JsonNode arg : argsNode) {
                    if (!arg.isValueNode() || arg.isNull()) {
                        throw error(where, "field args must be a list of strings");
                    }
                    args.add(arg.asString());
                }
            }
            Map<String, String> env = new LinkedHashMap<>();
            JsonNode envNode = exec.get("env");
            if (envNode != null && !envNode.isNull()) {
                if (!envNode.isArray()) {
                    throw error(where, "field env must be a list of {name, value}");
                }
                for (JsonNode var : envNode) {
                    String varName = var.isObject() ? string(var, "name", where + " env") : null;
                    if (varName == null || varName.isEmpty()) {
                        throw error(where, "has an env entry without a name");
                    }
                    String value = string(var, "value", where + " env " + varName);
                    env.put(varName, value == null ? "" : value);
                }
            }
            String modeName = string(exec, "interactiveMode", where);
            ExecConfig.InteractiveMode mode;
            if (modeName == null) {
                if (ExecConfig.V1.equals(apiVersion)) {
                    // As client-go: v1 makes the mode mandatory so that plugins state their needs.
                    throw error(where, "has no interactiveMode, which " + ExecConfig.V1 + " requires");
                }
                mode = ExecConfig.InteractiveMode.IF_AVAILABLE;
            } else {
                try {
                    mode = ExecConfig.InteractiveMode.fromWireName(modeName);
                } catch (IllegalArgumentException e) {
                    throw error(where, e.getMessage());
                }
            }
            try {
                return new ExecConfig(
                        apiVersion,
                        command,
                        args,
                        env,
                        mode,
                        bool(exec, "provideClusterInfo", where),
                        string(exec, "installHint", where));
            } catch (IllegalArgumentException e) {
                throw error(where, e.getMessage());
            }
        }

        private Context context(String name, JsonNode body) {
            String where = "context \"" + name + "\"";
            return new Context(
                    name,
                    string(body, "cluster", where),
                    string(body, "user", where),
                    string(body, "namespace", where),
                    file);
        }

        private @Nullable String string(JsonNode node, String field, String where) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                return null;
            }
            if (value.isString()) {
                String text = value.stringValue();
                return text.isEmpty() ? null : text;
            }
            if (value.isNumber() || value.isBoolean()) {
                // YAML reads an unquoted 8080 or true as a scalar; Go decodes it into a string field as text.
                return value.asString();
            }
            throw error(where, "field " + field + " must be a string, not " + value.getNodeType());
        }

        private boolean bool(JsonNode node, String field, String where) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                return false;
            }
            if (value.isBoolean()) {
                return value.booleanValue();
            }
            if (value.isString() && ("true".equals(value.stringValue()) || "false".equals(value.stringValue()))) {
                return Boolean.parseBoolean(value.stringValue());
            }
            throw error(where, "field " + field + " must be true or false, not " + value);
        }

        private @Nullable Path path(JsonNode node, String field, String where) {
            String value = string(node, field, where);
            if (value == null) {
                return null;
            }
            return folder.resolve(value).normalize();
        }

        private @Nullable String base64(JsonNode node, String field, String where) {
            String value = string(node, field, where);
            if (value == null) {
                return null;
            }
            try {
                return new String(Base64.getMimeDecoder().decode(value.strip()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw error(where, "field " + field + " is not valid base64: " + e.getMessage());
            }
        }

        private ConfigException error(String where, @Nullable String problem) {
            return new ConfigException("kubeconfig " + file + ": " + where + " " + problem);
        }
    }
}
