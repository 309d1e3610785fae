// MARK: - Design note
//
// RotationResources knows what build this is and where its data lives: the version, application
// id and profile that meson configured (`CBuildConfig`, with defaults for a plain SwiftPM build),
// and the folder of the bundled scenarios and UI files — installed, or the source tree's `Assets`.
// The command line and the window both read it; the simulation core does not.

import CBuildConfig

/// The build's configuration, as meson wrote it or as a plain SwiftPM build defaults it.
public enum BuildConfiguration {
  public static let version = RL_VERSION
  /// `io.github.rotationlab.RotationLab`, with `.Devel` in the development profile.
  public static let applicationID = RL_APPLICATION_ID
  /// `default` or `development`.
  public static let profile = RL_PROFILE
  /// Where meson installs the data (`<prefix>/share/<binary>`), or nil for a plain SwiftPM build.
  public static let dataDirectory: String? = RL_DATA_DIRECTORY.isEmpty ? nil : RL_DATA_DIRECTORY
  /// Where meson installs the translations (`<prefix>/share/locale`), or nil for a plain SwiftPM
  /// build.
  public static let localeDirectory: String? = RL_LOCALE_DIRECTORY.isEmpty ? nil : RL_LOCALE_DIRECTORY
}
