<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="a" tilewidth="16" tileheight="16" tilecount="8" columns="4">
 <image source="../a.png" width="64" height="32"/>
</tileset>
