// The build's configuration, read by the Swift code as string constants: the version, the
// application id, the profile and the data directory. The version is written here and nowhere
// else (meson.build reads it from this file). meson writes `rotation-lab-config.h` into its build
// folder and passes that folder with `-Xcc -I` (build-aux/swift-build.sh); a plain SwiftPM build
// finds no such file and uses the defaults below.
#ifndef ROTATION_LAB_CONFIG_H
#define ROTATION_LAB_CONFIG_H

#define RL_VERSION "0.1.0"

#if __has_include(<rotation-lab-config.h>)
#include <rotation-lab-config.h>
#endif

#ifndef RL_APPLICATION_ID
#define RL_APPLICATION_ID "io.github.rotationlab.RotationLab"
#endif
#ifndef RL_PROFILE
#define RL_PROFILE "default"
#endif
/// Where the bundled scenarios and UI files are installed; empty: look beside the executable and
/// in the source tree.
#ifndef RL_DATA_DIRECTORY
#define RL_DATA_DIRECTORY ""
#endif
/// Where the compiled translations are installed; empty: see Resources.localeDirectory.
#ifndef RL_LOCALE_DIRECTORY
#define RL_LOCALE_DIRECTORY ""
#endif

#endif
