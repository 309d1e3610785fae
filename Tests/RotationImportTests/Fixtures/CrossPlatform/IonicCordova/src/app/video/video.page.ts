import { Component } from '@angular/core';
import { Platform } from '@ionic/angular';
import { ScreenOrientation } from '@awesome-cordova-plugins/screen-orientation/ngx';

@Component({ selector: 'app-video', templateUrl: 'video.page.html' })
export class VideoPage {
  constructor(private platform: Platform, private screenOrientation: ScreenOrientation) {}

  async ionViewDidEnter() {
    if (this.platform.is('hybrid')) {
      await this.screenOrientation.lock(this.screenOrientation.ORIENTATIONS.LANDSCAPE);
    }
  }

  async ionViewDidLeave() {
    if (!this.platform.is('cordova')) {
      return;
    }
    await this.screenOrientation.unlock();
  }
}
