import React, { useState } from 'react';
import { Modal, Text, Pressable } from 'react-native';

// Another component's state of the same name: its setter shows its own Modal, never the Trailer's;
// the Modal here shows when its parent says so.
export function Tooltip({ open }) {
  const [fullScreen, setFullScreen] = useState(false);
  const grow = () => setFullScreen(true);
  return (
    <Pressable onPress={grow}>
      <Modal visible={open} supportedOrientations={['portrait', 'landscape']}>
        <Text>{fullScreen ? 'big' : 'small'}</Text>
      </Modal>
    </Pressable>
  );
}
