import React, { useState } from 'react';
import { Button, Modal, View } from 'react-native';
import Video from 'react-native-video';

// A trailer that plays full screen in a landscape-only Modal; the hook's value shows it.
export default function TrailerScreen({ uri }: { uri: string }) {
  const [fullScreen, setFullScreen] = useState(false);

  const open = () => {
    setFullScreen(true);
  };

  return (
    <View>
      <Button title="Full screen" onPress={open} />
      <Modal
        visible={fullScreen}
        animationType="fade"
        supportedOrientations={['landscape-left', 'landscape-right']}
        onRequestClose={() => setFullScreen(false)}>
        <Video source={{ uri }} style={{ flex: 1 }} />
        <Button title="Close" onPress={() => setFullScreen(false)} />
      </Modal>
    </View>
  );
}
