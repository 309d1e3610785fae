import 'package:flutter/services.dart';

// An older copy of the player page, kept in the tree: a class of the same name.
class _PlayerPageState extends State<PlayerPage> {
  @override
  void initState() {
    super.initState();
    SystemChrome.setPreferredOrientations([DeviceOrientation.portraitDown]);
  }
}
