// `swift run Playground [PAGE...]`: prints the playground's pages (see Pages/Playground.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlaygroundPages

let status = runPlayground(arguments: Array(CommandLine.arguments.dropFirst()),
                           stdout: { print($0) },
                           stderr: { line in _ = (line + "\n").withCString { write(2, $0, strlen($0)) } })
exit(status)
