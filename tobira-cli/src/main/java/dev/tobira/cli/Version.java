package dev.tobira.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Version.class.getPackage().getImplementationVersion();
        return new String[] {"tobira " + (v == null ? "(development build)" : v)};
    }
}
