import 'package:flutter/material.dart';
import 'package:flutter/services.dart';

import '../services/orientation_service.dart';

class GalleryPage extends StatefulWidget {
  const GalleryPage({super.key});

  @override
  State<GalleryPage> createState() => _GalleryPageState();
}

class _GalleryPageState extends State<GalleryPage> {
  final help = r'call SystemChrome.setPreferredOrientations([DeviceOrientation.portraitUp]) to lock';

  void openViewer() {
    SystemChrome.setPreferredOrientations([DeviceOrientation.landscapeRight]);
    OrientationService.landscape();
  }

  void closeViewer() {
    DeviceOrientation.portraitUp;
  }

  @override
  Widget build(BuildContext context) => Text(help);
}
