import React from 'react';
import { Button } from 'react-native';
import Orientation from 'react-native-orientation-locker';
import { PlayerService } from '../services/PlayerService';

export default class HomeScreen extends React.Component {
  componentDidMount() {
    Orientation.lockToPortrait();
  }

  openPlayer = () => {
    PlayerService.landscape();
    this.props.navigation.navigate('Video');
  };

  openGallery = () => {
    // Orientation.unlockAllOrientations();
    Orientation.lockToLandscape;
    this.props.navigation.navigate('Gallery');
  };

  render() {
    return <Button title="Play" onPress={() => this.openPlayer()} />;
  }
}
