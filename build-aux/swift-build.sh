#!/usr/bin/env bash
# Builds the rotation-lab product with SwiftPM for meson, the way GNOME apps in Rust wrap cargo.
# Usage: swift-build.sh SOURCE_ROOT SCRATCH_PATH release|debug OUTPUT [development]
# The Swift runtime is linked statically, so the installed binary runs without the toolchain.
set -euo pipefail
source_root="$1"
scratch="$2"
mode="$3"
output="$4"
profile="${5:-default}"
flags=(--package-path "$source_root" --scratch-path "$scratch" -c "$mode" --product rotation-lab --static-swift-stdlib)
if [ "$profile" = "development" ]; then
  flags+=(-Xswiftc -DROTATION_LAB_DEVEL)
fi
swift build "${flags[@]}"
cp "$(swift build "${flags[@]}" --show-bin-path)/rotation-lab" "$output"
