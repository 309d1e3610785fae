# Shared by the Quick start scripts: install what is missing, find the toolchain.
# Sourced, not run.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian packages the build and the tests need. Each script names its own list.
ensure_packages() {
  local missing=()
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "==> installing ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

ensure_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
      if [ -x "$candidate/swift" ]; then export PATH="$candidate:$PATH"; fi
    done
  fi
  if ! command -v swift >/dev/null 2>&1; then
    echo "error: the Swift toolchain (6.0 or later) is not on PATH; install it from swift.org first" >&2
    exit 1
  fi
}

# What building and running need beyond the toolchain: Cairo and Pango for the diagrams, and
# the fonts they are drawn in.
BUILD_PACKAGES=(pkg-config libcairo2-dev libpango1.0-dev libgtk-3-dev zlib1g-dev libxml2-dev fonts-dejavu-core adwaita-icon-theme
  libglib2.0-bin gettext fonts-wqy-microhei)
# What the Swift tests need beyond building (the quick tier too): real readers for exported PDF,
# SVG, DOT and PNG.
SWIFT_TEST_PACKAGES=(poppler-utils librsvg2-bin graphviz imagemagick)
# What the whole suite needs beyond that: a real X server, D-Bus session and accessibility bus to
# drive the window as a person would; an XSETTINGS manager and the Adwaita-dark theme to switch
# the desktop's style under a running window; dconf, the settings backend of a GNOME desktop, to
# count what a resize writes.
TEST_PACKAGES=(
  "${SWIFT_TEST_PACKAGES[@]}"
  meson ninja-build desktop-file-utils appstream
  xvfb xauth xdotool xsettingsd gnome-themes-extra-data dbus dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0
  dconf-service dconf-gsettings-backend
)

# The window's GSettings schema for a run from the source tree (meson installs it for an installed
# build): written for the plain build's application id into $1, compiled there, and exported.
compile_schema() {
  local folder="$1" id="io.github.rotationlab.RotationLab"
  mkdir -p "$folder"
  sed -e "s|@APP_ID@|$id|" -e "s|@APP_PATH@|/${id//.//}/|" "$ROOT/Assets/rotation-lab.gschema.xml.in" \
    > "$folder/$id.gschema.xml"
  glib-compile-schemas --strict "$folder"
  export GSETTINGS_SCHEMA_DIR="$folder"
}

# The translations for a run from the source tree (meson installs them for an installed build):
# each language of po/LINGUAS compiled into .build/locale, where the executable looks
# (Resources.localeDirectory).
compile_translations() {
  local folder="$ROOT/.build/locale" language
  for language in $(grep -v '^#' "$ROOT/po/LINGUAS"); do
    mkdir -p "$folder/$language/LC_MESSAGES"
    msgfmt --check -o "$folder/$language/LC_MESSAGES/rotation-lab.mo" "$ROOT/po/$language.po"
  done
  # Named, not only found beside the binary: meson's binary lives in its own build folder.
  export ROTATION_LAB_LOCALE_DIR="$folder"
}
