import 'dart:io' show Platform;

import 'package:auto_orientation/auto_orientation.dart';
import 'package:orientation/orientation.dart';
import 'package:flutter/material.dart';
import 'package:flutter/services.dart';

class _MoviePageState extends State<MoviePage> {
  bool _isFullScreen = false;

  void toggleFullScreen() {
    setState(() {
      _isFullScreen = !_isFullScreen;
    });
    if (_isFullScreen) {
      SystemChrome.setPreferredOrientations([DeviceOrientation.landscapeRight]);
    } else {
      SystemChrome.setPreferredOrientations([DeviceOrientation.portraitUp]);
    }
  }

  Future<void> release() async {
    try {
      await SystemChrome.setPreferredOrientations(DeviceOrientation.values);
    } catch (error) {
      await SystemChrome.setPreferredOrientations([DeviceOrientation.portraitUp]);
    }
    if (Platform.isAndroid) {
      SystemChrome.setPreferredOrientations([DeviceOrientation.landscapeLeft]);
    }
  }

  void autoRotate() {
    AutoOrientation.landscapeRightMode();
  }
}

class _TrailerPageState extends State<TrailerPage> {
  void enter() {
    OrientationPlugin.setPreferredOrientations([DeviceOrientation.landscapeLeft]);
  }

  void force() {
    OrientationPlugin.forceOrientation(DeviceOrientation.landscapeRight);
  }
}
