/**
 * The {@code tobira} command: {@code query}, {@code doctor}, {@code history}, {@code drivers}.
 * Written against the contract only; the drivers are whatever the class path holds.
 */
package dev.tobira.cli;
