// rotation-lab-bench: prints the speed figures, one per line as `name: value unit`,
// each with its bound and whether it holds; `--json` prints one JSON object instead. Build it
// in release: `swift run -c release rotation-lab-bench`.
import Foundation
import RotationBench

let code = MainActor.assumeIsolated { Bench.main(Array(CommandLine.arguments.dropFirst())) }
exit(code)
