import { Component } from '@angular/core';
import { ScreenOrientation } from '@capacitor/screen-orientation';

@Component({ selector: 'app-player', templateUrl: 'player.page.html' })
export class PlayerPage {
  async ionViewWillEnter(): Promise<void> {
    await ScreenOrientation.lock({ orientation: 'landscape' });
  }

  async ionViewWillLeave() {
    await ScreenOrientation.unlock();
  }
}
