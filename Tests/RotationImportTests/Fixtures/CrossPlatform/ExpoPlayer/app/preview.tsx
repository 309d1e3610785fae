import { lockAsync, unlockAsync as unlock, OrientationLock } from 'expo-screen-orientation';
import { Pressable, Text } from 'react-native';

export default function Preview() {
  const peekLandscape = () => {
    lockAsync(OrientationLock.LANDSCAPE_LEFT);
    unlock();
  };
  return (
    <Pressable onPress={peekLandscape}>
      <Text>Peek</Text>
    </Pressable>
  );
}
