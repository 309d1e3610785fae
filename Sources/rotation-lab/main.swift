// The `rotation-lab` executable: a thin entry point over the command-line library.
import RotationCommandLine

CommandLineTool.main()
