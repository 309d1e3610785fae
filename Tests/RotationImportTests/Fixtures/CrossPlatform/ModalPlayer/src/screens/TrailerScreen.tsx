import React, { useState } from 'react';
import { Button, Modal as NativeModal, View } from 'react-native';
import { Modal } from 'react-native-paper';
import Video from 'react-native-video';

// A trailer that plays full screen in a landscape-only Modal; the hook's value shows it.
export default function TrailerScreen({ uri }: { uri: string }) {
  const [fullScreen, setFullScreen] = useState<boolean>(false);
  const [visible, setVisible] = useState(false);

  const open = () => {
    setFullScreen(true);
  };

  return (
    <View>
      <Button title="Full screen" onPress={open} />
      <Button title="Full screen or back" onPress={() => setFullScreen(!fullScreen)} />
      <Modal visible={visible} onDismiss={() => setVisible(false)}>
        <Button title="Info" onPress={() => setVisible(true)} />
      </Modal>
      <NativeModal
        visible={fullScreen}
        animationType="fade"
        supportedOrientations={['landscape-left', 'landscape-right']}
        onRequestClose={() => setFullScreen(false)}>
        <Video source={{ uri }} style={{ flex: 1 }} />
        <Button title="Close" onPress={() => setFullScreen(false)} />
      </NativeModal>
    </View>
  );
}
