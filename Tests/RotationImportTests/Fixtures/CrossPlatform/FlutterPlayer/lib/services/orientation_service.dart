import 'package:flutter/services.dart';

/// Where the pages set their orientations.
class OrientationService {
  static const landscapeOnly = <DeviceOrientation>[
    DeviceOrientation.landscapeLeft,
    DeviceOrientation.landscapeRight,
  ];

  static Future<void> landscape() async {
    await SystemChrome.setPreferredOrientations(landscapeOnly);
  }

  static Future<void> portrait() => SystemChrome.setPreferredOrientations(const [DeviceOrientation.portraitUp]);

  /* A block comment /* nested, as Dart allows */ with SystemChrome.setPreferredOrientations(x) inside. */
  static Future<void> only(List<DeviceOrientation> orientations) {
    return SystemChrome.setPreferredOrientations(orientations);
  }
}
