// The `rotation-lab` executable: with no command it opens the window (on the default scenario, or
// on the files it is given); with a command it runs the headless command line.
import Glibc
import RotationCommandLine
import RotationCore
import RotationLabApp

let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, CommandLineTool.isCommand(first) {
  CommandLineTool.main()
}
let newInstance = arguments.contains("--new-instance")
let files = arguments.filter { $0 != "--new-instance" }
if let option = files.first(where: { $0.hasPrefix("-") }) {
  let message = "rotation-lab: unknown option '\(option)'\nRun 'rotation-lab --help'.\n"
  POSIXFile.writeAll(Array(message.utf8), to: STDERR_FILENO)
  exit(64)
}
if let missing = files.first(where: { access($0, F_OK) != 0 }) {
  let message =
    "rotation-lab: '\(missing)' is neither a command nor a scenario file\nRun 'rotation-lab --help'.\n"
  POSIXFile.writeAll(Array(message.utf8), to: STDERR_FILENO)
  exit(64)
}
let status = MainActor.assumeIsolated { RotationLabApplication.run(files: files, newInstance: newInstance) }
exit(status)
