#!/usr/bin/env bash
# Builds the rotation-lab product with SwiftPM for meson, the way GNOME apps in Rust wrap cargo.
# Usage: swift-build.sh SOURCE_ROOT SCRATCH_PATH release|debug OUTPUT CONFIG_DIR
# CONFIG_DIR holds meson's rotation-lab-config.h (the application id, profile and data folder),
# which Sources/CBuildConfig/config.h includes when it is on the include path.
# The Swift runtime is linked statically, so the installed binary runs without the toolchain.
set -euo pipefail
source_root="$1"
scratch="$2"
mode="$3"
output="$4"
config_dir="$5"
flags=(
  --package-path "$source_root" --scratch-path "$scratch" -c "$mode" --product rotation-lab --static-swift-stdlib
  -Xcc -I"$config_dir"
)
swift build "${flags[@]}"
cp "$(swift build "${flags[@]}" --show-bin-path)/rotation-lab" "$output"
