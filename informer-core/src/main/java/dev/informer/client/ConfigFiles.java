package dev.informer.client;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads configuration files (kubeconfigs, certificates, keys, tokens) as UTF-8 text, turning each way
 * of failing into a one-line {@link ConfigException} that names the file and what it was for:
 * {@code <what> /p does not exist}, {@code ... is a directory, not a file}, {@code ... is not readable
 * (permission denied)}, {@code ... is not UTF-8 text}, else {@code cannot read <what> /p: problem}.
 * Stateless.
 */
final class ConfigFiles {

    private ConfigFiles() {}

    /**
     * The content of {@code file}.
     *
     * @param what what the file is for, e.g. "kubeconfig" or "client-key"
     * @throws ConfigException in one line naming {@code what} and the file
     */
    static String read(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new ConfigException(what + " " + file + " is a directory, not a file");
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(what + " " + file + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new ConfigException(what + " " + file + " is not readable (permission denied)", e);
        } catch (CharacterCodingException e) {
            throw new ConfigException(what + " " + file + " is not UTF-8 text", e);
        } catch (IOException e) {
            throw new ConfigException(
                    "cannot read " + what + " " + file + ": "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()),
                    e);
        }
    }
}
