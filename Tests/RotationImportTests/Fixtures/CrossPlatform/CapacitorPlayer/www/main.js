"use strict";(self.webpackChunk=self.webpackChunk||[]).push([[1],{2:(e,t,n)=>{n.d(t,{P:()=>o});var o=class{async ionViewWillEnter(){await ScreenOrientation.lock({orientation:"landscape"})}}}}]);
