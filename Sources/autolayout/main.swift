// The `autolayout` command: everything is in AutoLayoutCommands' `runCommandLine`, which tests
// call directly.
import AutoLayoutCommands
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
