package dev.informer.client;

import dev.informer.errors.InformerException;

/**
 * The client configuration is unusable: a kubeconfig file that is not valid YAML (the message gives the
 * line and column), a current context that is missing or names an undefined context, a context naming
 * an unknown cluster or user, an unreadable or malformed certificate, key or token file, a conflicting
 * combination of settings, or in-cluster variables that are not set. The message names the FILE and
 * the ENTRY (context, cluster or user name and field) where one is involved. Unchecked; immutable.
 */
public final class ConfigException extends InformerException {

    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
