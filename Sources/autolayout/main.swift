// The `autolayout` command: everything is in ConstraintFile's `runCommandLine`, which tests
// call directly.
import ConstraintFile
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

var standardOutput = StandardStream.output
var standardError = StandardStream.error
exit(runCommandLine(arguments: Array(CommandLine.arguments.dropFirst()), stdout: &standardOutput, stderr: &standardError))
