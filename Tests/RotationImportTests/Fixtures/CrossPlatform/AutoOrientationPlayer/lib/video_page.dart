import 'package:auto_orientation/auto_orientation.dart';
import 'package:flutter/material.dart';

/// A video page whose full-screen button turns the phone by itself: the layout's orientation,
/// read in an OrientationBuilder, decides which way the button turns it.
class VideoPage extends StatefulWidget {
  const VideoPage({super.key});

  @override
  State<VideoPage> createState() => _VideoPageState();
}

class _VideoPageState extends State<VideoPage> {
  @override
  void dispose() {
    AutoOrientation.portraitUpMode();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => OrientationBuilder(
        builder: (context, orientation) {
          final isPortrait = orientation == Orientation.portrait;
          return Stack(
            fit: isPortrait ? StackFit.loose : StackFit.expand,
            children: [
              IconButton(
                icon: Icon(isPortrait ? Icons.fullscreen : Icons.fullscreen_exit),
                onPressed: () {
                  if (isPortrait) {
                    AutoOrientation.landscapeRightMode();
                  } else {
                    AutoOrientation.portraitUpMode();
                  }
                },
              ),
            ],
          );
        },
      );
}

/// The same test written on MediaQuery, the other way round.
class TrailerPage extends StatelessWidget {
  const TrailerPage({super.key});

  void toggle(BuildContext context) {
    if (MediaQuery.of(context).orientation != Orientation.landscape) {
      AutoOrientation.landscapeLeftMode();
    } else {
      AutoOrientation.portraitUpMode();
    }
  }

  @override
  Widget build(BuildContext context) => TextButton(onPressed: () => toggle(context), child: const Text('Full'));
}
