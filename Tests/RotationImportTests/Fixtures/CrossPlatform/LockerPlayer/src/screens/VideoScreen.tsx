import React, { useEffect } from 'react';
import { Text, View } from 'react-native';
import Orientation from 'react-native-orientation-locker';

type Props = { route: { params: { title: string } } };

const SLASHES = /\/+(.*)$/g;

export default function VideoScreen({ route }: Props) {
  useEffect(() => {
    Orientation.lockToLandscapeLeft();
    return () => {
      Orientation.lockToPortrait();
    };
  }, []);

  return (
    <View>
      <Text>Don't turn your phone: it turns for you</Text>
      <Text>{`Playing ${route.params.title.replace(SLASHES, '')}`}</Text>
    </View>
  );
}
