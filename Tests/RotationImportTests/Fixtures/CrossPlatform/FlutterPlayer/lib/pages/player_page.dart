import 'package:flutter/material.dart';
import 'package:flutter/services.dart';

import '../services/orientation_service.dart';

class PlayerPage extends StatefulWidget {
  const PlayerPage({super.key});

  @override
  State<PlayerPage> createState() => _PlayerPageState();
}

class _PlayerPageState extends State<PlayerPage> {
  @override
  void initState() {
    super.initState();
    OrientationService.landscape();
  }

  @override
  void dispose() {
    // SystemChrome.setPreferredOrientations(DeviceOrientation.values);
    OrientationService.portrait();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      body: GestureDetector(
        onDoubleTap: () {
          OrientationService.only([DeviceOrientation.portraitUp, DeviceOrientation.landscapeLeft]);
        },
        child: Text('Double tap: ${'portrait'} or landscape'),
      ),
    );
  }
}
