import 'package:flutter/material.dart';
import 'package:flutter/services.dart';

import 'pages/player_page.dart';

/// The app starts upright: the home page is portrait only.
Future<void> main() async {
  WidgetsFlutterBinding.ensureInitialized();
  await SystemChrome.setPreferredOrientations([DeviceOrientation.portraitUp]);
  runApp(const PlayerApp());
}

class PlayerApp extends StatelessWidget {
  const PlayerApp({super.key});

  @override
  Widget build(BuildContext context) => MaterialApp(title: 'Player \$5 – "free"', home: const PlayerPage());
}
