import Orientation from 'react-native-orientation-locker';

/** The player's orientation, in one place. */
export const PlayerService = {
  landscape(): void {
    Orientation.lockToLandscape();
  },
  portrait: () => Orientation.lockToPortrait(),
  release: function () {
    Orientation.unlockAllOrientations();
  },
};
