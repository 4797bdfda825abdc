package dev.informer.podconfig;

import dev.informer.api.ApiJson;
import dev.informer.api.Container;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.PodSpec;
import dev.informer.api.PodStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Decodes static pod manifests (YAML or JSON) and applies the kubelet's static pod defaults
 * (common.go's applyDefaults): a UID hashed from the node name, the origin and the manifest's
 * content unless the manifest sets one; the name suffixed with {@code -<node name>}; namespace
 * {@code default} when empty; {@code spec.nodeName}; the config hash and source annotations; for
 * file pods a toleration of every NoExecute taint; phase Pending. Before that it validates a subset
 * of the API server's pod validation, naming the field path in the {@link InvalidManifestException}
 * ({@code spec.containers[0]: must not be null} for a {@code null} element of any list or a {@code
 * null} label, annotation or nodeSelector value; {@code spec.containers[1].image: is required}...).
 * A runtime exception while decoding one manifest is turned into an {@link InvalidManifestException}
 * of that manifest, so it never fails a source's whole round. Thread-safe (stateless).
 */
final class StaticPodDecoder {

    private static final Logger LOG = LoggerFactory.getLogger(StaticPodDecoder.class);
    private static final YAMLMapper YAML = YAMLMapper.builder().build();
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    /** The string-to-string maps of a static pod, whose values must not be null. */
    private static final Set<String> STRING_MAPS =
            Set.of("metadata.labels", "metadata.annotations", "spec.nodeSelector");

    private final String nodeName;
    private final String source;

    /**
     * @param nodeName the node's name
     * @param source {@link ConfigSources#FILE} or {@link ConfigSources#HTTP}
     */
    StaticPodDecoder(String nodeName, String source) {
        if (nodeName == null || nodeName.isEmpty()) {
            throw new IllegalArgumentException("a static pod source needs a node name");
        }
        this.nodeName = nodeName;
        this.source = source;
    }

    /** Parses {@code data} as YAML (JSON is YAML) into a tree. */
    JsonNode parse(byte[] data, String origin) throws InvalidManifestException {
        JsonNode root;
        try {
            root = YAML.readTree(data);
        } catch (JacksonException e) {
            throw new InvalidManifestException(origin, "not valid YAML or JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new InvalidManifestException(origin, "the manifest is empty");
        }
        if (!root.isObject()) {
            throw new InvalidManifestException(origin, "the manifest is not an object but " + root.getNodeType());
        }
        return root;
    }

    /** The {@code kind} of a parsed manifest, after checking {@code apiVersion: v1}. */
    static String kindOf(JsonNode root, String origin) throws InvalidManifestException {
        JsonNode kind = root.get("kind");
        if (kind == null || !kind.isString() || kind.stringValue().isEmpty()) {
            throw new InvalidManifestException(origin, "the object has no kind");
        }
        JsonNode apiVersion = root.get("apiVersion");
        if (apiVersion == null || !apiVersion.isString() || !"v1".equals(apiVersion.stringValue())) {
            throw new InvalidManifestException(
                    origin, "apiVersion must be v1, got " + (apiVersion == null ? "none" : apiVersion.toString()));
        }
        return kind.stringValue();
    }

    /**
     * Decodes one manifest that must be a single Pod.
     *
     * @throws InvalidManifestException if the manifest cannot be used, including when decoding it
     *     fails unexpectedly (a runtime exception of this code is contained to the manifest)
     */
    Pod decodePod(byte[] data, String origin) throws InvalidManifestException {
        try {
            JsonNode root = parse(data, origin);
            String kind = kindOf(root, origin);
            if (!Pod.KIND.equals(kind)) {
                throw new InvalidManifestException(origin, "kind must be Pod, got " + kind);
            }
            return toStaticPod((ObjectNode) root, origin);
        } catch (InvalidManifestException e) {
            throw e; // unchecked since the one exception root, so it must not count as unexpected
        } catch (RuntimeException e) {
            throw unexpected(origin, e);
        }
    }

    /** A decoding bug or an input this code did not foresee: the manifest is skipped, not the round. */
    private static InvalidManifestException unexpected(String origin, RuntimeException e) {
        if (e instanceof InvalidManifestException invalid) {
            // An expected refusal (unchecked since it extends InformerException): reported as it is.
            return invalid;
        }
        return new InvalidManifestException(origin, "decoding failed unexpectedly: " + e, e);
    }

    /**
     * Decodes a body holding a Pod or a PodList. Invalid items of a list are logged with their index
     * and skipped, as are items whose name repeats an earlier item's.
     *
     * @throws InvalidManifestException if the body is neither a valid Pod nor a PodList
     */
    List<Pod> decodePodOrList(byte[] data, String origin) throws InvalidManifestException {
        try {
            return decodePodOrListUnchecked(data, origin);
        } catch (InvalidManifestException e) {
            throw e; // unchecked since the one exception root, so it must not count as unexpected
        } catch (RuntimeException e) {
            throw unexpected(origin, e);
        }
    }

    private List<Pod> decodePodOrListUnchecked(byte[] data, String origin) throws InvalidManifestException {
        JsonNode root = parse(data, origin);
        String kind = kindOf(root, origin);
        if (Pod.KIND.equals(kind)) {
            return List.of(toStaticPod((ObjectNode) root, origin));
        }
        if (!"PodList".equals(kind)) {
            throw new InvalidManifestException(origin, "kind must be Pod or PodList, got " + kind);
        }
        JsonNode items = root.get("items");
        if (items != null && !items.isNull() && !items.isArray()) {
            throw new InvalidManifestException(origin, "PodList items is not a list");
        }
        List<Pod> pods = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        if (items == null || items.isNull()) {
            return pods;
        }
        ArrayNode list = (ArrayNode) items;
        for (int i = 0; i < list.size(); i++) {
            String itemOrigin = origin + " item " + i;
            JsonNode item = list.get(i);
            try {
                if (item == null || !item.isObject()) {
                    throw new InvalidManifestException(itemOrigin, "the item is not an object");
                }
                ObjectNode pod = ((ObjectNode) item).deepCopy();
                // Items of a list may leave out their type meta.
                if (!pod.has("kind")) {
                    pod.put("kind", Pod.KIND);
                }
                if (!pod.has("apiVersion")) {
                    pod.put("apiVersion", Pod.API_VERSION);
                }
                String itemKind = kindOf(pod, itemOrigin);
                if (!Pod.KIND.equals(itemKind)) {
                    throw new InvalidManifestException(itemOrigin, "kind must be Pod, got " + itemKind);
                }
                Pod decoded = toStaticPod(pod, itemOrigin);
                String key = decoded.namespace() + "/" + decoded.name();
                if (!keys.add(key)) {
                    throw new InvalidManifestException(itemOrigin, "duplicate pod " + key + " in the same list");
                }
                pods.add(decoded);
            } catch (InvalidManifestException e) {
                LOG.warn("Skipping pod {}", e.getMessage());
                LOG.debug("Skipped pod {}", itemOrigin, e);
            } catch (RuntimeException e) {
                LOG.warn("Skipping pod {}", unexpected(itemOrigin, e).getMessage());
                LOG.debug("Skipped pod {}", itemOrigin, e);
            }
        }
        return pods;
    }

    private Pod toStaticPod(ObjectNode root, String origin) throws InvalidManifestException {
        rejectNulls(root, "", origin);
        Pod pod;
        try {
            pod = ApiJson.mapper().treeToValue(root, Pod.class);
        } catch (JacksonException e) {
            throw new InvalidManifestException(origin, "not a valid Pod: " + e.getOriginalMessage(), e);
        }
        ObjectMeta meta = pod.metadata();
        if (meta == null || meta.name() == null || meta.name().isEmpty()) {
            throw new InvalidManifestException(origin, "metadata.name: is required");
        }
        validate(pod, origin);
        String uid = meta.uid();
        if (uid == null || uid.isEmpty()) {
            uid = hash(root, origin);
        }
        String name = meta.name() + "-" + nodeName.toLowerCase(Locale.ROOT);
        if (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches()) {
            throw new InvalidManifestException(
                    origin,
                    "metadata.name: pod name " + name
                            + " is not a valid DNS subdomain (lower case letters, digits, '-' and '.', at most 253)");
        }
        String namespace = meta.namespace() == null || meta.namespace().isEmpty() ? "default" : meta.namespace();
        ObjectMeta defaulted = meta.toBuilder()
                .uid(uid)
                .name(name)
                .namespace(namespace)
                .annotation(ConfigAnnotations.HASH, uid)
                .annotation(ConfigAnnotations.SOURCE, source)
                .build();
        // validate() rejected a pod without a spec.
        PodSpec podSpec = Objects.requireNonNull(pod.spec(), "spec");
        PodSpec.Builder spec = podSpec.toBuilder().nodeName(nodeName);
        if (ConfigSources.FILE.equals(source)) {
            spec.unknownField(
                    "tolerations",
                    withNoExecuteToleration(podSpec.unknownFields().get("tolerations")));
        }
        PodStatus.Builder status = pod.status() == null ? PodStatus.builder() : pod.status().toBuilder();
        return pod.toBuilder()
                .metadata(defaulted)
                .spec(spec.build())
                .status(status.phase("Pending").build())
                .build();
    }

    private static void validate(Pod pod, String origin) throws InvalidManifestException {
        ObjectMeta meta = pod.metadata();
        String namespace = meta == null ? null : meta.namespace();
        if (namespace != null
                && !namespace.isEmpty()
                && (namespace.length() > 63 || !DNS_LABEL.matcher(namespace).matches())) {
            throw new InvalidManifestException(
                    origin, "metadata.namespace: " + namespace + " is not a valid DNS label");
        }
        PodSpec spec = pod.spec();
        if (spec == null || spec.containers().isEmpty()) {
            throw new InvalidManifestException(origin, "spec.containers: must not be empty");
        }
        Set<String> names = new HashSet<>();
        validateContainers(spec.initContainers(), "spec.initContainers", names, origin);
        validateContainers(spec.containers(), "spec.containers", names, origin);
    }

    private static void validateContainers(List<Container> containers, String field, Set<String> names, String origin)
            throws InvalidManifestException {
        for (int i = 0; i < containers.size(); i++) {
            Container container = containers.get(i);
            String path = field + "[" + i + "]";
            if (container == null) {
                throw new InvalidManifestException(origin, path + ": must not be null");
            }
            if (container.name() == null || container.name().isEmpty()) {
                throw new InvalidManifestException(origin, path + ".name: is required");
            }
            if (container.image() == null || container.image().isEmpty()) {
                throw new InvalidManifestException(
                        origin, path + ".image: is required (container " + container.name() + ")");
            }
            if (!names.add(container.name())) {
                throw new InvalidManifestException(
                        origin, path + ".name: duplicate container name " + container.name());
            }
        }
    }

    /**
     * Rejects {@code null} where the API server's decoding would leave a zero value the kubelet's
     * validation then refuses: an element of any list ({@code containers: [null]}, a bare {@code -}
     * in YAML, likewise volumes, ports, env...) and a value of a string map (labels, annotations,
     * nodeSelector). The message names the field path, as {@code spec.containers[0]}.
     */
    private static void rejectNulls(JsonNode node, String path, String origin) throws InvalidManifestException {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                String elementPath = path + "[" + i + "]";
                if (element == null || element.isNull()) {
                    throw new InvalidManifestException(origin, elementPath + ": must not be null");
                }
                rejectNulls(element, elementPath, origin);
            }
        } else if (node.isObject()) {
            boolean stringMap = STRING_MAPS.contains(path);
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                JsonNode value = field.getValue();
                if (stringMap) {
                    if (value == null || value.isNull()) {
                        throw new InvalidManifestException(origin, path + "[" + field.getKey() + "]: must not be null");
                    }
                    continue;
                }
                if (value != null && value.isContainer()) {
                    rejectNulls(value, path.isEmpty() ? field.getKey() : path + "." + field.getKey(), origin);
                }
            }
        }
    }

    private static JsonNode withNoExecuteToleration(@Nullable JsonNode existing) {
        ArrayNode tolerations = existing != null && existing.isArray()
                ? (ArrayNode) existing.deepCopy()
                : ApiJson.mapper().createArrayNode();
        for (JsonNode t : tolerations) {
            if (t.isObject()
                    && "Exists".equals(text(t, "operator"))
                    && "NoExecute".equals(text(t, "effect"))
                    && text(t, "key") == null) {
                return tolerations;
            }
        }
        ObjectNode toleration = tolerations.addObject();
        toleration.put("operator", "Exists");
        toleration.put("effect", "NoExecute");
        return tolerations;
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isString() ? null : value.stringValue();
    }

    /** The static pod UID: an MD5 of node name, origin and content (field order does not matter). */
    private String hash(JsonNode root, String origin) {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM offers no MD5 digest", e);
        }
        md5.update(("host:" + nodeName).getBytes(StandardCharsets.UTF_8));
        md5.update(((ConfigSources.FILE.equals(source) ? "file:" : "url:") + origin).getBytes(StandardCharsets.UTF_8));
        digest(md5, root);
        return HexFormat.of().formatHex(md5.digest());
    }

    // The digest only compares documents within one process: the ordinal tags the node type.
    @SuppressWarnings("EnumOrdinal")
    private static void digest(MessageDigest md, JsonNode node) {
        if (node.isObject()) {
            md.update((byte) '{');
            Map<String, JsonNode> sorted = new TreeMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                sorted.put(e.getKey(), e.getValue());
            }
            for (Map.Entry<String, JsonNode> e : sorted.entrySet()) {
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                digest(md, e.getValue());
            }
            md.update((byte) '}');
        } else if (node.isArray()) {
            md.update((byte) '[');
            for (JsonNode child : node) {
                digest(md, child);
            }
            md.update((byte) ']');
        } else {
            md.update((byte) node.getNodeType().ordinal());
            md.update(node.toString().getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
        }
    }
}
