#import "AppDelegate.h"

#import <React/RCTBundleURLProvider.h>

// React Native 0.74's template: RCTAppDelegate makes the root view controller; the app delegate
// does not answer the window's orientation question, so the Info.plist list is the app's mask.
@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  self.moduleName = @"ModalPlayer";
  self.initialProps = @{};
  return [super application:application didFinishLaunchingWithOptions:launchOptions];
}

- (NSURL *)bundleURL
{
  return [[RCTBundleURLProvider sharedSettings] jsBundleURLForBundleRoot:@"index"];
}

@end
