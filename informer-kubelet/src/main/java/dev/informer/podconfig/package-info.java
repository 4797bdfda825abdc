/**
 * The kubelet's pod configuration: pods merged from the API server, static manifest files and
 * HTTP sources into one desired set, with the changes announced to listeners (see docs/podconfig.md).
 */
@NullMarked
package dev.informer.podconfig;

import org.jspecify.annotations.NullMarked;
