// The `rotation-lab` executable: with no command it opens the window (on the default scenario, or
// on the files it is given); with a command it runs the headless command line.
import Glibc
import RotationCommandLine
import RotationCore
import RotationLabApp
import RotationResources

Localization.start(directory: Resources.localeDirectory)
let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, CommandLineTool.isCommand(first) {
  CommandLineTool.main()
}
let newInstance = arguments.contains("--new-instance")
// A bundled scenario's name works where no file of that name exists (`rotation-lab seed000-present`).
let files = arguments.filter { $0 != "--new-instance" }.map {
  $0.hasPrefix("-") ? $0 : Resources.scenarioPath($0)
}
if let option = files.first(where: { $0.hasPrefix("-") }) {
  let message =
    "rotation-lab: " + tr("unknown option '%s'", option) + "\n" + tr("Run 'rotation-lab --help'.") + "\n"
  POSIXFile.writeAll(Array(message.utf8), to: STDERR_FILENO)
  exit(64)
}
if let missing = files.first(where: { access($0, F_OK) != 0 }) {
  let message =
    "rotation-lab: " + tr("'%s' is neither a command, a scenario file nor a bundled scenario", missing) + "\n"
    + tr("Run 'rotation-lab --help'.") + "\n"
  POSIXFile.writeAll(Array(message.utf8), to: STDERR_FILENO)
  exit(64)
}
let status = MainActor.assumeIsolated { RotationLabApplication.run(files: files, newInstance: newInstance) }
exit(status)
