package dev.informer.client;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns one context of a {@link KubeConfig} into a {@link ClientConfig}, validating as client-go's
 * {@code clientcmd} does ({@code validateContext}, {@code validateClusterInfo}, {@code validateAuthInfo})
 * and prefixing every error with the file and entry it concerns. Used once; not thread-safe.
 */
final class KubeConfigResolver {

    private final KubeConfig kubeConfig;
    private final ConfigEnvironment environment;

    KubeConfigResolver(KubeConfig kubeConfig, ConfigEnvironment environment) {
        this.kubeConfig = kubeConfig;
        this.environment = environment;
    }

    ClientConfig resolve(@Nullable String requestedContext) {
        String contextName = requestedContext != null ? requestedContext : kubeConfig.currentContext();
        if (contextName == null) {
            throw new ConfigException("kubeconfig " + files() + ": no current-context is set and no context was named");
        }
        KubeConfig.Context context = kubeConfig.contexts().get(contextName);
        if (context == null) {
            String where = requestedContext == null
                    ? "kubeconfig " + kubeConfig.currentContextOrigin() + ": current-context \"" + contextName + "\""
                    : "kubeconfig " + files() + ": context \"" + contextName + "\"";
            throw new ConfigException(where + " is not defined (contexts: "
                    + kubeConfig.contexts().keySet() + ")");
        }
        String contextWhere = "kubeconfig " + context.origin() + ": context \"" + contextName + "\"";
        if (context.cluster() == null) {
            throw new ConfigException(contextWhere + " names no cluster");
        }
        if (context.user() == null) {
            throw new ConfigException(contextWhere + " names no user");
        }
        KubeConfig.Cluster cluster = kubeConfig.clusters().get(context.cluster());
        if (cluster == null) {
            throw new ConfigException(contextWhere + " refers to cluster \"" + context.cluster()
                    + "\", which is not defined in " + files());
        }
        KubeConfig.User user = kubeConfig.users().get(context.user());
        if (user == null) {
            throw new ConfigException(
                    contextWhere + " refers to user \"" + context.user() + "\", which is not defined in " + files());
        }
        ClientConfig.Builder builder = ClientConfig.builder()
                .clock(environment.clock())
                .origin(ClientConfig.Origin.kubeConfig(context.origin(), contextName, user.name()));
        applyCluster(cluster, builder);
        applyUser(user, builder);
        builder.namespace(context.namespace());
        try {
            return builder.build();
        } catch (ConfigException e) {
            throw new ConfigException(
                    "kubeconfig " + user.origin() + ": user \"" + user.name() + "\": " + e.getMessage(), e);
        }
    }

    private void applyCluster(KubeConfig.Cluster cluster, ClientConfig.Builder builder) {
        String where = "kubeconfig " + cluster.origin() + ": cluster \"" + cluster.name() + "\"";
        try {
            if (cluster.server() == null) {
                throw new ConfigException("has no server");
            }
            builder.server(cluster.server());
            if (cluster.certificateAuthority() != null && cluster.certificateAuthorityData() != null) {
                throw new ConfigException("sets both certificate-authority and certificate-authority-data");
            }
            if (cluster.certificateAuthorityData() != null) {
                builder.caCertificatePem(cluster.certificateAuthorityData());
            } else if (cluster.certificateAuthority() != null) {
                builder.caCertificateFile(cluster.certificateAuthority());
            }
            if (cluster.insecureSkipTlsVerify()
                    && (cluster.certificateAuthority() != null || cluster.certificateAuthorityData() != null)) {
                throw new ConfigException("sets both insecure-skip-tls-verify and a certificate authority");
            }
            builder.insecureSkipTlsVerify(cluster.insecureSkipTlsVerify());
            builder.tlsServerName(cluster.tlsServerName());
            builder.proxy(cluster.proxyUrl());
            builder.disableCompression(cluster.disableCompression());
        } catch (ConfigException e) {
            throw new ConfigException(where + " " + e.getMessage(), e);
        }
    }

    private void applyUser(KubeConfig.User user, ClientConfig.Builder builder) {
        String where = "kubeconfig " + user.origin() + ": user \"" + user.name() + "\"";
        try {
            if (user.authProvider() != null) {
                if (user.exec() != null) {
                    throw new ConfigException("sets both auth-provider and exec");
                }
                throw new ConfigException("uses auth-provider \"" + user.authProvider()
                        + "\", which is not supported; use an exec credential plugin");
            }
            List<String> methods = new ArrayList<>();
            if (user.token() != null || user.tokenFile() != null) {
                methods.add("token");
            }
            if (user.username() != null || user.password() != null) {
                methods.add("basicAuth");
            }
            if (methods.size() > 1) {
                throw new ConfigException(
                        "has more than one authentication method " + methods + "; only one is allowed");
            }
            boolean hasCert = user.clientCertificate() != null || user.clientCertificateData() != null;
            boolean hasKey = user.clientKey() != null || user.clientKeyData() != null;
            if (user.clientCertificate() != null && user.clientCertificateData() != null) {
                throw new ConfigException("sets both client-certificate and client-certificate-data");
            }
            if (user.clientKey() != null && user.clientKeyData() != null) {
                throw new ConfigException("sets both client-key and client-key-data");
            }
            if (hasCert && !hasKey) {
                throw new ConfigException("has a client certificate but no client-key or client-key-data");
            }
            if (hasKey && !hasCert) {
                throw new ConfigException("has a client key but no client-certificate or client-certificate-data");
            }
            if (hasCert) {
                applyClientCertificate(user, builder);
            }
            if (user.tokenFile() != null) {
                // As client-go: the file's (re-read) content takes precedence over a literal token.
                builder.bearerTokenFile(user.tokenFile());
            } else if (user.token() != null) {
                builder.bearerToken(user.token());
            }
            if (user.username() != null || user.password() != null) {
                builder.basicAuth(
                        user.username() == null ? "" : user.username(), user.password() == null ? "" : user.password());
            }
            builder.exec(user.exec());
        } catch (ConfigException e) {
            throw new ConfigException(where + " " + e.getMessage(), e);
        }
    }

    private static void applyClientCertificate(KubeConfig.User user, ClientConfig.Builder builder) {
        if (user.clientCertificate() != null && user.clientKey() != null) {
            builder.clientCertificateFiles(user.clientCertificate(), user.clientKey());
            return;
        }
        String certificatePem = user.clientCertificateData() != null
                ? user.clientCertificateData()
                : readForUser(user.clientCertificate(), "client-certificate");
        String keyPem =
                user.clientKeyData() != null ? user.clientKeyData() : readForUser(user.clientKey(), "client-key");
        builder.clientCertificatePem(certificatePem, keyPem);
    }

    private static String readForUser(@Nullable Path file, String field) {
        if (file == null) {
            throw new ConfigException("has no " + field); // resolve() checked the pairs: not reached
        }
        return ConfigFiles.read(file, field);
    }

    private String files() {
        return kubeConfig.files().toString();
    }
}
