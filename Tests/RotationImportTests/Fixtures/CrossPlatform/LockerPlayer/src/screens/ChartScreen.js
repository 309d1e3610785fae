// @flow
import React from 'react';
import { Modal, Platform } from 'react-native';
import Orientation from 'react-native-orientation-locker';
import { logEvent } from '@/lib/orientationAnalytics';

type Props = { show: boolean };

class ChartScreen extends React.Component<Props> {
  onShow: () => void;

  setFullScreen: Function = (orientation: string) => {
    if (orientation === 'landscape') {
      Orientation.lockToLandscapeRight();
    } else if (orientation === 'portrait') {
      Orientation.lockToPortrait();
    } else {
      Orientation.unlockAllOrientations();
    }
  };

  onShow() {
    if (Platform.OS === 'android' && this.props.show) {
      Orientation.lockToLandscapeLeft();
    }
    logEvent('chart');
  }

  render() {
    return (
      <Modal presentationStyle="fullScreen" supportedOrientations={['landscape-right']} visible={this.props.show}>
        {null}
      </Modal>
    );
  }
}

export const Wrapped = React.memo<Props>((props: Props): Object => {
  const rotate = async (wide: boolean) => {
    if (wide) Orientation.lockToLandscapeLeft();
    else Orientation.lockToPortrait();
  };
  return null;
});

export default ChartScreen;
