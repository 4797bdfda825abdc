package dev.informer.testing.internal;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The patch engines of the embedded API server, one per PATCH content type.
 *
 * <table>
 *   <caption>Content types</caption>
 *   <tr><th>Content-Type</th><th>method</th></tr>
 *   <tr><td>{@code application/merge-patch+json}</td><td>{@link #mergePatch}</td></tr>
 *   <tr><td>{@code application/strategic-merge-patch+json}</td>
 *       <td>{@link #strategicMergePatch}</td></tr>
 *   <tr><td>{@code application/json-patch+json}</td><td>{@link #jsonPatch}</td></tr>
 *   <tr><td>{@code application/apply-patch+yaml} (server-side apply)</td>
 *       <td>{@link #applyPatch}</td></tr>
 * </table>
 *
 * <p>Every method returns a NEW tree and never mutates its arguments (the target is deep-copied
 * once, patch values are copied where they are used), so the caller may keep the old object, for
 * example in watch history. Failures throw {@link PatchException} carrying the HTTP status
 * kube-apiserver answers (400 malformed patch, 413 too many JSON Patch operations, 422 patch that
 * does not apply) and a message naming the path and operation. The server validates the result
 * (that it is still an object of the right kind, that immutable fields did not change); these
 * engines do not. Stateless and thread-safe.
 */
public final class Patches {
    private Patches() {}

    /**
     * RFC 7386 JSON merge patch: objects merge recursively, {@code null} deletes, every other value
     * (arrays included) replaces. A patch that is not an object replaces the whole target (so the
     * result may be a non-object, which the server must reject). A {@code null} or non-object target
     * is treated as an empty object when the patch is an object.
     *
     * @throws PatchException 400 when {@code patch} is {@code null}
     */
    public static JsonNode mergePatch(@Nullable JsonNode target, @Nullable JsonNode patch) {
        if (patch == null) {
            throw PatchException.badRequest("a merge patch document is required");
        }
        return JsonMergePatch.apply(target, patch);
    }

    /**
     * Kubernetes strategic merge patch, with the list merge keys of the built-in type named by the
     * target's {@code apiVersion}/{@code kind} (or the patch's, when the target has none). See
     * {@code StrategicMergePatch} for the rules; in short maps merge, {@code null} deletes, lists of
     * objects merge by their patch merge key where Kubernetes declares one ({@code containers},
     * {@code initContainers}, {@code ephemeralContainers}, {@code volumes}, {@code env},
     * {@code imagePullSecrets} by {@code name}; {@code volumeMounts} by {@code mountPath}; container
     * {@code ports} by {@code containerPort}; {@code conditions} by {@code type};
     * {@code ownerReferences} by {@code uid}; ...), {@code finalizers} merge as a set, every other
     * list ({@code tolerations}, {@code args}, lists of custom resources) is replaced, and the
     * directives {@code $patch} (replace, delete, merge), {@code $retainKeys},
     * {@code $setElementOrder/<field>} (order honoured) and {@code $deleteFromPrimitiveList/<field>}
     * apply.
     *
     * @throws PatchException 400 for a patch that is not an object or has a malformed directive or
     *     a list element without its merge key; 422 for lists of lists
     */
    public static JsonNode strategicMergePatch(@Nullable JsonNode target, @Nullable JsonNode patch) {
        return StrategicMergePatch.apply(target, patch, StrategicPatchSchema.forDocuments(target, patch));
    }

    /**
     * {@link #strategicMergePatch(JsonNode, JsonNode)} with the type given explicitly, for targets
     * that do not carry {@code apiVersion}/{@code kind}; a {@code null} apiVersion matches any group.
     */
    public static JsonNode strategicMergePatch(
            @Nullable JsonNode target, @Nullable JsonNode patch, @Nullable String apiVersion, @Nullable String kind) {
        return StrategicMergePatch.apply(target, patch, StrategicPatchSchema.forKind(apiVersion, kind));
    }

    /**
     * RFC 6902 JSON Patch: {@code add}, {@code remove}, {@code replace}, {@code move},
     * {@code copy}, {@code test}, with RFC 6901 pointers ({@code ~0} is {@code ~}, {@code ~1} is
     * {@code /}, {@code -} appends). The operations apply in order, all or nothing.
     *
     * @throws PatchException 400 when {@code operations} is not an array of objects; 413 beyond
     *     10,000 operations; 422 when an operation is incomplete or unknown, a pointer is malformed,
     *     a path does not exist, or a {@code test} fails
     */
    public static JsonNode jsonPatch(@Nullable JsonNode target, @Nullable JsonNode operations) {
        return JsonPatch.apply(target, operations);
    }

    /**
     * Server-side apply, approximated: the applied configuration is strategic-merged into the
     * current object ({@code null} target: the object is being created). This gives apply's result
     * for a single field manager that only adds and changes fields: maps merge, keyed lists merge by
     * the same keys server-side apply uses for the built-in types, other lists are replaced
     * (server-side apply's "atomic"). Field ownership ({@code managedFields}: conflicts, removal of
     * fields no longer applied) is {@link FieldManager}'s, applied by the store on top of this;
     * {@code null} in the configuration deletes the field.
     *
     * @throws PatchException 400 when {@code applied} is not an object or sets
     *     {@code metadata.managedFields}; otherwise as {@link #strategicMergePatch}
     */
    public static JsonNode applyPatch(@Nullable JsonNode target, @Nullable JsonNode applied) {
        if (applied == null || !applied.isObject()) {
            throw PatchException.badRequest(
                    "an apply configuration must be a JSON object, got " + JsonValues.typeName(applied));
        }
        JsonNode managedFields = applied.path("metadata").get("managedFields");
        if (managedFields != null && !managedFields.isNull()) {
            throw PatchException.badRequest("metadata.managedFields must be nil");
        }
        return StrategicMergePatch.apply(target, applied, StrategicPatchSchema.forDocuments(target, applied));
    }
}
