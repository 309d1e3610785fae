import React, { Component } from 'react';
import { Modal, Pressable, Image, Text } from 'react-native';

// A class component: the viewer Modal lists no orientations (React Native's default), and the
// help sheet's orientations are computed, which the import cannot read.
export default class GalleryScreen extends Component {
  constructor(props) {
    super(props);
    this.state = { viewer: { shown: false }, help: false };
  }

  showViewer(item) {
    this.setState({ viewer: { shown: true }, item }, () => this.props.onOpen(item));
  }

  fitToImage(uri) {
    Image.getSize(uri, (width, height) => {
      if (width > height) {
        this.setState({ help: true });
      }
    });
  }

  hideViewer() {
    this.setState({ viewer: { shown: false } });
  }

  render() {
    const { shown } = this.state.viewer;
    const sides = this.props.wide ? 'landscape' : 'portrait';
    return (
      <>
        <Pressable onPress={() => this.showViewer()}><Text>Open</Text></Pressable>
        <Modal visible={shown} transparent={true} onRequestClose={() => this.hideViewer()}>
          <Image source={this.props.image} />
        </Modal>
        <Modal visible={this.state.help} supportedOrientations={[sides]} presentationStyle="pageSheet">
          <Text>Help</Text>
        </Modal>
      </>
    );
  }
}
